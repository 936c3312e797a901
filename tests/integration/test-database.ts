import { openPglite, openPostgres, type DatabaseHandle } from "#server/db/client.server";
import { createScratchDatabase } from "../scratch-database";

/**
 * A fresh, migrated database for one test file: embedded PGlite in memory, or a new database on
 * the PostgreSQL server of TEST_DATABASE_URL when it is set (dropped again on close).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openPglite(null);
    await handle.migrate();
    return handle;
  }
  const scratch = await createScratchDatabase(serverUrl, "test");
  const handle = await openPostgres(scratch.url);
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

export const databaseKind = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
