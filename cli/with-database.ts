import type { Database } from "../server/db/client.server";
import { DataDirLockedError } from "../server/db/lock.server";
import { openDatabase } from "../server/db/open-database.server";
import { EnvError, loadEnv, type Env } from "../server/core/env.server";

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
    const database = await openDatabase(env);
    try {
      process.exitCode = await command(database.db, env);
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof EnvError || error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
