import { mkdir } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle a `db.transaction` callback receives; it runs queries like `Database`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** One open database, whichever engine is behind it. */
export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the committed migrations; safe when several servers start at once. */
  migrate(): Promise<void>;
  /**
   * Calls back with the payload of every NOTIFY on `channel`, from this process or any other on
   * the same database. `onReconnect` runs when a lost listening connection is back (notifications
   * may have been missed meanwhile). Returns the stop.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * Runs `select 1`: "ready" when a pooled connection answered; "busy" when every pooled
   * connection was taken, so the question went over a connection of its own, and the database
   * answered it; rejects when the database cannot answer.
   */
  ping(): Promise<"ready" | "busy">;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

// Any 64-bit number shared by every app server; it names the migration lock.
const MIGRATION_LOCK_KEY = 727_001;

/** PGlite in `dataDir` (or in memory when `dataDir` is null). */
export async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  // PGlite needs the parent folder to exist before it creates its own.
  if (dataDir) await mkdir(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create(dataDir ?? undefined);
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    listen: (channel, onPayload) => client.listen(channel, onPayload).then((stop) => () => stop()),
    ping: () => client.query("select 1").then(() => "ready" as const),
    close: () => client.close(),
  };
}

/**
 * DESIGN.md 4 (/healthz answers 503 within 5 s when the database is gone): no wait on PostgreSQL
 * is unbounded. A statement gets 30 s (a 50,000-row import's longest statement takes a few), a
 * transaction may sit idle as long (an import plans its rows inside one), and the client gives
 * up 5 s after the server should have.
 */
export const POSTGRES_LIMITS = {
  connectMs: 5_000,
  statementMs: 30_000,
  idleInTransactionMs: 30_000,
  queryMs: 35_000,
  /** TCP keepalive probes start after this much silence, so a dead peer is noticed. */
  keepAliveMs: 10_000,
  /** /healthz's `select 1` (a health check waits about 2 s for it). */
  pingMs: 2_000,
} as const;

/** pg reads a query's own `query_timeout` (its types do not list it). */
const PING = { text: "select 1", query_timeout: POSTGRES_LIMITS.pingMs };

const connectionOptions = {
  connectionTimeoutMillis: POSTGRES_LIMITS.connectMs,
  keepAlive: true,
  keepAliveInitialDelayMillis: POSTGRES_LIMITS.keepAliveMs,
};

/**
 * The pool's connections give up connecting after 5 s. The pool itself is not given that limit:
 * pg-pool would apply it to a request waiting its turn for a connection too, and a burst of
 * writes to one row (200 likes at once) rightly queues longer than that.
 */
class PoolClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({
      ...(typeof config === "string" ? { connectionString: config } : config),
      connectionTimeoutMillis: POSTGRES_LIMITS.connectMs,
    });
  }
}

export async function openPostgres(
  url: string,
  { listenChecks = LISTEN_CHECKS }: { listenChecks?: ListenChecks } = {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    Client: PoolClient,
    keepAlive: true,
    keepAliveInitialDelayMillis: POSTGRES_LIMITS.keepAliveMs,
    statement_timeout: POSTGRES_LIMITS.statementMs,
    idle_in_transaction_session_timeout: POSTGRES_LIMITS.idleInTransactionMs,
    query_timeout: POSTGRES_LIMITS.queryMs,
  });
  // A failed idle client must not take the process down; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzlePostgres(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: "postgres",
    async migrate() {
      // A connection of its own, without the statement limits: a migration may rewrite a large
      // table, and the lock may wait while another server migrates.
      const client = new pg.Client({ connectionString: url, ...connectionOptions });
      client.on("error", () => {});
      await client.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        await client.end().catch(() => {});
      }
    },
    listen: (channel, onPayload, onReconnect) =>
      listenOnPostgres(url, channel, onPayload, onReconnect, listenChecks),
    ping: () => pingPostgres(pool, url),
    close: () => pool.end(),
  };
}

const POOL_SIZE = 10;
/** How long a `select 1` may wait for a pooled connection before it asks over its own. */
const POOL_WAIT_MS = 500;

/**
 * A pool whose connections are all at work is busy, not broken: its `select 1` would wait its
 * turn. So a ping that finds it so (at once, or after half a second in the queue) also asks over
 * a connection of its own, and the database is up if either answers. A client whose `select 1`
 * times out is dropped from the pool (released with the error), so a connection to a vanished
 * server is not kept.
 */
function pingPostgres(pool: pg.Pool, url: string): Promise<"ready" | "busy"> {
  const isSaturated = () =>
    pool.waitingCount > 0 || (pool.totalCount >= POOL_SIZE && pool.idleCount === 0);
  const pooled = pool.query(PING).then(() => "ready" as const);
  const own = (async () => {
    if (!isSaturated()) await delay(POOL_WAIT_MS, undefined, { ref: false });
    // The pool has room: its own answer decides.
    if (!isSaturated()) throw new Error("the pool is not saturated");
    await pingOnOwnConnection(url);
    return "busy" as const;
  })();
  // Either answer will do; the ping fails once both have failed.
  return Promise.any([pooled, own]).catch((error: AggregateError) => {
    throw error.errors[0];
  });
}

async function pingOnOwnConnection(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, ...connectionOptions });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query(PING);
  } finally {
    void client.end().catch(() => {});
  }
}

export interface ListenChecks {
  /** How often the LISTEN connection proves it is alive with a `select 1`. */
  everyMs: number;
  /**
   * How long any query on the connection (LISTEN itself, that `select 1`) may take before the
   * connection counts as lost: a server that accepts the connection and then goes silent would
   * otherwise leave the LISTEN waiting for ever, and the server deaf.
   */
  timeoutMs: number;
}

const LISTEN_CHECKS: ListenChecks = { everyMs: 30_000, timeoutMs: 5_000 };
/** The waits before each new attempt to listen, longer while the database stays away. */
const RELISTEN_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

interface ListenLine {
  client: pg.Client;
  /** The connection's socket, ours so that a silent connection can be closed at once. */
  socket: net.Socket | null;
}

/**
 * LISTEN on a connection of its own, until stopped. A connection that fails says so ("error",
 * "end"); a half-open one (the server or the network vanished without a word) says nothing, so
 * TCP keepalive and a `select 1` every 30 s look for it. A lost connection is closed and replaced,
 * with growing waits between attempts; `onReconnect` runs once it listens again, since the
 * notifications sent meanwhile are lost.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: (() => void) | undefined,
  checks: ListenChecks,
): Promise<() => Promise<void>> {
  let line: ListenLine | null = null;
  let isStopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let isChecking = false;

  const open = async (): Promise<ListenLine> => {
    let socket: net.Socket | null = null;
    const client = new pg.Client({
      connectionString: url,
      ...connectionOptions,
      query_timeout: checks.timeoutMs,
      statement_timeout: checks.timeoutMs,
      stream: () => (socket = new net.Socket()),
    });
    // pg asks for its stream while it builds the client, so the socket is known here.
    const opened: ListenLine = { client, socket };
    client.on("notification", (message) => {
      if (message.channel === channel && message.payload) onPayload(message.payload);
    });
    // An error is followed by "end", where the connection is replaced.
    client.on("error", () => {});
    client.on("end", () => lose(opened));
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      opened.socket?.destroy();
      throw error;
    }
    return opened;
  };
  const lose = (lost: ListenLine) => {
    if (line !== lost) return;
    line = null;
    lost.socket?.destroy();
    reconnectLater();
  };
  const reconnectLater = () => {
    if (isStopped || retry) return;
    const delay = RELISTEN_DELAYS_MS[Math.min(failures, RELISTEN_DELAYS_MS.length - 1)];
    retry = setTimeout(() => {
      retry = undefined;
      open().then(
        (opened) => {
          if (isStopped) {
            opened.socket?.destroy();
            return;
          }
          line = opened;
          failures = 0;
          onReconnect?.();
        },
        () => {
          failures++;
          reconnectLater();
        },
      );
    }, delay);
  };

  line = await open();
  const checker = setInterval(() => {
    const current = line;
    if (!current || isChecking) return;
    isChecking = true;
    current.client
      .query("select 1")
      .catch(() => lose(current))
      .finally(() => {
        isChecking = false;
      });
  }, checks.everyMs);
  checker.unref();
  return async () => {
    isStopped = true;
    clearTimeout(retry);
    clearInterval(checker);
    const last = line;
    line = null;
    if (!last) return;
    // A polite goodbye, unless the server cannot hear it.
    await Promise.race([
      last.client.end().catch(() => {}),
      delay(1_000, undefined, { ref: false }),
    ]);
    last.socket?.destroy();
  };
}
