import path from "node:path";
import type { Env } from "../core/env.server";
import { openPglite, openPostgres, type DatabaseHandle } from "./client.server";
import { lockDataDir } from "./lock.server";

/**
 * The configured database, migrated: PostgreSQL at DATABASE_URL, or else PGlite in DATA_DIR under
 * its lock file, so a second process refuses to open it. Closing the handle releases the lock.
 */
export async function openDatabase(
  env: Pick<Env, "DATABASE_URL" | "DATA_DIR">,
): Promise<DatabaseHandle> {
  const releaseLock = env.DATABASE_URL ? null : await lockDataDir(env.DATA_DIR);
  let database: DatabaseHandle | null = null;
  try {
    database = env.DATABASE_URL
      ? await openPostgres(env.DATABASE_URL)
      : await openPglite(path.join(env.DATA_DIR, "pglite"));
    await database.migrate();
  } catch (error) {
    await database?.close().catch(() => {});
    await releaseLock?.();
    throw error;
  }
  const opened = database;
  return {
    ...opened,
    async close() {
      try {
        await opened.close();
      } finally {
        await releaseLock?.();
      }
    },
  };
}
