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
    close: () => pool.end(),
  };
}
