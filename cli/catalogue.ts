import { writeFile } from "node:fs/promises";
import path from "node:path";
import { openPglite, openPostgres } from "../server/db/client.server";
import { DataDirLockedError, lockDataDir } from "../server/db/lock.server";
import { EnvError, loadEnv } from "../server/env.server";
import { exportCatalogue } from "../server/services/catalogue-files/export-catalogue.server";

// `npm run catalogue -- export <file.json|file.csv>`: writes every tool, whatever its status, in
// the spec's field names (CSV: dotted columns such as pricing.model, lists joined with "|").
// With PGlite it refuses while a server holds DATA_DIR; the admin page offers the same download.

const USAGE = "Usage: npm run catalogue -- export <file.json|file.csv>";

async function run([command, file]: string[]): Promise<number> {
  const format = file?.toLowerCase().endsWith(".csv")
    ? "csv"
    : file?.toLowerCase().endsWith(".json")
      ? "json"
      : null;
  if (command !== "export" || !file || !format) {
    console.error(USAGE);
    return 2;
  }
  const env = loadEnv();
  const releaseLock = env.DATABASE_URL ? null : await lockDataDir(env.DATA_DIR);
  const database = env.DATABASE_URL
    ? await openPostgres(env.DATABASE_URL)
    : await openPglite(path.join(env.DATA_DIR, "pglite"));
  try {
    await database.migrate();
    const { text, count } = await exportCatalogue(database.db, format);
    await writeFile(file, text);
    console.log(`Exported ${count} tools to ${file}.`);
    return 0;
  } finally {
    await database.close();
    await releaseLock?.();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
