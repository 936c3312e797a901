import path from "node:path";
import { openPglite, openPostgres, type Database } from "../server/db/client.server";
import { DataDirLockedError, lockDataDir } from "../server/db/lock.server";
import { EnvError, loadEnv, type Env } from "../server/env.server";

/**
 * Runs an operator command on the configured database, migrated: PostgreSQL, or PGlite under the
 * DATA_DIR lock (so it refuses while a server holds it). Configuration and lock problems print
 * one clear line and exit 1; the command's own result becomes the exit code.
 */
export async function runWithDatabase(
  command: (db: Database, env: Env) => Promise<number>,
): Promise<void> {
  try {
    const env = loadEnv();
    const releaseLock = env.DATABASE_URL ? null : await lockDataDir(env.DATA_DIR);
    const database = env.DATABASE_URL
      ? await openPostgres(env.DATABASE_URL)
      : await openPglite(path.join(env.DATA_DIR, "pglite"));
    try {
      await database.migrate();
      process.exitCode = await command(database.db, env);
    } finally {
      await database.close();
      await releaseLock?.();
    }
  } catch (error) {
    if (error instanceof EnvError || error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
