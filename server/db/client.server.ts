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
    close: () => client.close(),
  };
}

export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A failed idle client must not take the process down; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzlePostgres(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: "postgres",
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    listen: (channel, onPayload, onReconnect) =>
      listenOnPostgres(url, channel, onPayload, onReconnect),
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
