import type { CommentImportCounts, CommentImportProblem } from "~/lib/comment-import";
import { shownText } from "~/lib/plain-text";
import { plural } from "~/lib/tool";
import type { CommentFileError } from "./export-records.server";

/** The report's line for a finished run, dry or real. */
export function succeededMessage(dryRun: boolean, counts: CommentImportCounts): string {
  const threads = `${counts.matchedThreads.toLocaleString("en-US")} of ${plural(counts.threads, "thread")} matched a tool`;
  const already = `${counts.alreadyImported.toLocaleString("en-US")} already imported`;
  if (dryRun) {
    return `Dry run: ${plural(counts.toImport, "comment")} to import into ${plural(counts.tools, "tool")}; ${threads}; ${already}. Nothing has been changed yet.`;
  }
  return `Imported ${plural(counts.imported, "comment")} into ${plural(counts.tools, "tool")}; ${threads}; ${already}.`;
}

/** The report's line for a run stopped by a failed batch: the batches before it stay. */
export function failedMessage(failure: string, imported: number): string {
  return `${failure} The ${imported.toLocaleString("en-US")} comments of the batches before it were imported. Run the import again to continue: imported comments are skipped.`;
}

/** The report's line and problem for a file refused before anything was written. */
export function rejectedFileReport(error: CommentFileError): {
  message: string;
  problems: CommentImportProblem[];
} {
  const reason = error.reason.charAt(0).toUpperCase() + error.reason.slice(1);
  return {
    message: `${error.message} Nothing was imported.`,
    problems: [{ line: error.line, record: null, message: reason }],
  };
}

/** Why the batch of comments `from` to `to` failed, without leaking more than the database said. */
export function batchFailureReason(error: unknown, from: number, to: number): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const isDatabaseError =
    cause instanceof Error && typeof (cause as { code?: unknown }).code === "string";
  const why = isDatabaseError
    ? `the database refused it: ${shownText(cause.message).slice(0, 300)}`
    : "an error on our side";
  return `The batch of comments ${from.toLocaleString("en-US")} to ${to.toLocaleString("en-US")} failed (${why}), so nothing of it was imported.`;
}
