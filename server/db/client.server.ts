import { mkdir } from "node:fs/promises";
import path from "node:path";
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
  /** Runs `select 1`: resolves when the database answers, rejects when it cannot. */
  ping(): Promise<void>;
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
    ping: () => client.query("select 1").then(() => {}),
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

export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...connectionOptions,
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
      listenOnPostgres(url, channel, onPayload, onReconnect),
    // A client whose `select 1` times out is dropped from the pool (released with the error),
    // so a connection to a vanished server is not kept.
    ping: () => pool.query(PING).then(() => {}),
    close: () => pool.end(),
  };
}

const RELISTEN_DELAY_MS = 1000;

/** LISTEN on a connection of its own, reconnecting after a failure until stopped. */
async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let isStopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload) onPayload(message.payload);
    });
    // An error is followed by "end"; the connection is replaced there.
    next.on("error", () => {});
    next.on("end", () => {
      if (client === next) reconnectLater();
    });
    await next.connect();
    await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
  };
  const reconnectLater = () => {
    client = null;
    if (isStopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => onReconnect?.(),
        () => {
          void client?.end().catch(() => {});
          reconnectLater();
        },
      );
    }, RELISTEN_DELAY_MS);
  };
  await connect();
  return async () => {
    isStopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
