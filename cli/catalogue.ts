import { writeFile } from "node:fs/promises";
import { exportCatalogue } from "../server/services/catalogue-files/export-catalogue.server";
import { runWithDatabase } from "./with-database";

// `npm run catalogue -- export <file.json|file.csv>`: writes every tool, whatever its status, in
// the spec's field names (CSV: dotted columns such as pricing.model, lists joined with "|").
// With PGlite it refuses while a server holds DATA_DIR; the admin page offers the same download.

const USAGE = "Usage: npm run catalogue -- export <file.json|file.csv>";

const [command, file] = process.argv.slice(2);
const format = /\.csv$/i.test(file ?? "") ? "csv" : /\.json$/i.test(file ?? "") ? "json" : null;
if (command !== "export" || !file || !format) {
  console.error(USAGE);
  process.exit(2);
}

await runWithDatabase(async (db) => {
  const { text, count } = await exportCatalogue(db, format);
  await writeFile(file, text);
  console.log(`Exported ${count} tools to ${file}.`);
  return 0;
});
