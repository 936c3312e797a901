import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import { commentFileFormatOf, type CommentImportReport } from "~/lib/comment-import";
import { AppError } from "../server/core/errors.server";
import { importComments } from "../server/services/comment-import/import-comments.server";
import { openCommentFile } from "../server/services/comment-import/open-comment-file.server";
import { runWithDatabase } from "./with-database";

// `npm run comments -- import <file> [--dry-run] [--json] [--replace] [--source NAME] [--map FILE]`:
// the admin page's comment migration (docs/comment-import.md), recorded in comment_import_jobs.
// With PGlite it refuses while a server holds DATA_DIR.

const USAGE =
  "Usage: npm run comments -- import <export.xml|export.xml.gz|comments.json> [--dry-run] [--json] [--replace] [--source NAME] [--map FILE]";

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      "dry-run": { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      replace: { type: "boolean", default: false },
      source: { type: "string" },
      map: { type: "string" },
    },
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  console.error(USAGE);
  process.exit(2);
}
const [command, file, ...extra] = parsed.positionals;
const { "dry-run": dryRun, json, replace, source, map } = parsed.values;
if (command !== "import" || !file || extra.length > 0 || !commentFileFormatOf(file)) {
  console.error(USAGE);
  process.exit(2);
}

function printReport(report: CommentImportReport) {
  console.log(report.message);
  const lines: [string, number][] = [
    ["Threads matched", report.matchedThreads],
    ["Threads unmatched", report.unmatchedThreads],
    ["Threads deleted", report.deletedThreads],
    [
      report.dryRun ? "Comments to import" : "Comments imported",
      report.dryRun ? report.toImport : report.imported,
    ],
    ["Already imported", report.alreadyImported],
    ["Spam skipped", report.skippedSpam],
    ["Deleted skipped", report.skippedDeleted],
    ["Deleted kept as placeholders", report.placeholders],
    ["Replies without their parent (flagged)", report.orphans],
    ["In unmatched threads", report.inUnmatchedThreads],
    ["Malformed, skipped", report.invalid],
    ["Ratings", report.ratings],
  ];
  if (report.replace) {
    lines.push(
      ["Earlier import removed", report.replaced],
      ["Earlier import kept for replies", report.keptForReplies],
    );
  }
  for (const [label, value] of lines) console.log(`  ${label}: ${value.toLocaleString("en-US")}`);
  if (report.unmatchedSamples.length > 0) {
    console.log("Unmatched threads (most comments first):");
    for (const sample of report.unmatchedSamples.slice(0, 20)) {
      console.log(
        `  ${sample.link ?? sample.identifier ?? sample.thread} (${sample.comments} comments)`,
      );
    }
  }
  for (const problem of report.problems.slice(0, 50)) {
    const where = [problem.line === null ? null : `line ${problem.line}`, problem.record]
      .filter(Boolean)
      .join(", ");
    console.log(`  Problem${where ? ` (${where})` : ""}: ${problem.message}`);
  }
  console.log(`Import record ${report.jobId}, ${report.elapsedMs} ms.`);
}

await runWithDatabase(async (db) => {
  try {
    const commentFile = await openCommentFile(file, basename(file));
    const mapping = map ? { name: basename(map), text: await readFile(map, "utf8") } : undefined;
    const report = await importComments(
      db,
      { id: null, email: `cli:${userInfo().username}` },
      commentFile,
      {
        dryRun,
        replace,
        source,
        mapping,
        onProgress: json
          ? undefined
          : ({ phase, done, total }) => {
              const unit = phase === "reading" ? " bytes" : " comments";
              process.stderr.write(
                `\r${phase} ${done.toLocaleString("en-US")} / ${total.toLocaleString("en-US")}${unit}...`,
              );
            },
      },
    );
    if (json) console.log(JSON.stringify(report));
    else {
      process.stderr.write("\n");
      printReport(report);
    }
    return report.status === "succeeded" ? 0 : 1;
  } catch (error) {
    if (
      !(error instanceof AppError) &&
      !(error instanceof Error && "code" in error && error.code === "ENOENT")
    ) {
      throw error;
    }
    if (json) console.log(JSON.stringify({ error: { message: error.message } }));
    else console.error(error.message);
    return 1;
  }
});
