import { readFile, writeFile } from "node:fs/promises";
import { basename } from "node:path";
import { userInfo } from "node:os";
import { importFormatOf } from "~/lib/catalogue-import";
import { exportCatalogue } from "../server/services/import-export/export-catalogue.server";
import { importCatalogue } from "../server/services/import-export/import-catalogue.server";
import { printDraft } from "./draft-address";
import { runWithDatabase } from "./with-database";

// `npm run catalogue -- export <file.json|file.csv>`: writes every tool, whatever its status, in
// the spec's field names (CSV: dotted columns such as pricing.model, lists joined with "|").
// `npm run catalogue -- import <file> [--dry-run]`: the admin page's import (all-or-nothing,
// idempotent), recorded in import_jobs. With PGlite both refuse while a server holds DATA_DIR.
// `npm run catalogue -- draft <url> [--json]`: AI-assisted add's draft of one address with each
// field's source and evidence (cli/draft-address.ts); it writes nothing.

const USAGE = [
  "Usage: npm run catalogue -- export <file.json|file.csv>",
  "       npm run catalogue -- import <file.json|file.csv> [--dry-run]",
  "       npm run catalogue -- draft <url> [--json]",
].join("\n");

const [command, file, ...flags] = process.argv.slice(2);
if (command === "draft") {
  if (!file || flags.some((flag) => flag !== "--json")) {
    console.error(USAGE);
    process.exit(2);
  }
  process.exitCode = await printDraft(file, flags.includes("--json"));
} else {
  await exportOrImport(command, file, flags);
}

async function exportOrImport(
  command: string | undefined,
  file: string | undefined,
  flags: string[],
) {
  const format = importFormatOf(file ?? "");
  const dryRun = flags.includes("--dry-run");
  if (
    !file ||
    !format ||
    !["export", "import"].includes(command ?? "") ||
    flags.some((flag) => flag !== "--dry-run")
  ) {
    console.error(USAGE);
    process.exit(2);
  }

  await runWithDatabase(async (db) => {
    if (command === "export") {
      const { text, count } = await exportCatalogue(db, format);
      await writeFile(file, text);
      console.log(`Exported ${count} tools to ${file}.`);
      return 0;
    }
    const text = await readFile(file, "utf8");
    const report = await importCatalogue(
      db,
      { id: null, email: `cli:${userInfo().username}` },
      { name: basename(file), format, text },
      {
        dryRun,
        onProgress: ({ phase, done, total }) => {
          if (phase === "writing") process.stderr.write(`\rWriting ${done} / ${total} rows...`);
        },
      },
    );
    process.stderr.write("\n");
    console.log(report.message);
    for (const note of report.notes) console.log(`Note: ${note}`);
    for (const problem of report.problems.slice(0, 50)) {
      const where =
        problem.row === 0
          ? "File"
          : `Row ${problem.row}${problem.name ? ` (${problem.name})` : ""}`;
      console.log(`  ${where}: ${problem.reasons.join("; ")}`);
    }
    if (report.problems.length > 50) console.log(`  ...and ${report.rejected - 50} more.`);
    console.log(`Import record ${report.jobId}, ${report.elapsedMs} ms.`);
    return report.status === "succeeded" ? 0 : 1;
  });
}
