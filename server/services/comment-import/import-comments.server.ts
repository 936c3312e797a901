import type {
  CommentFileFormat,
  CommentImportProgress,
  CommentImportReport,
} from "~/lib/comment-import";
import type { Database } from "#server/db/client.server";
import { AppError } from "#server/core/errors.server";
import {
  failedMessage,
  rejectedFileReport,
  succeededMessage,
} from "./comment-import-messages.server";
import { CommentFileError, DEFAULT_READ_LIMITS, type ReadLimits } from "./export-records.server";
import { openExportRecords } from "./open-export-records.server";
import { planFileImport, type FileImportPlan } from "./plan-file-import.server";
import {
  recordCommentImport,
  reportOf,
  startCommentImportRun,
  zeroCounts,
} from "./record-comment-import.server";
import { progressTeller } from "./tell-import-progress.server";
import { writePlannedComments } from "./write-planned-comments.server";

export interface CommentFile {
  name: string;
  format: CommentFileFormat;
  /**
   * The file from its start, decompressed; it is read two or three times. `onStoredBytes` hears
   * how much of the file as stored (compressed or not) has been read.
   */
  open: (onStoredBytes?: (bytes: number) => void) => AsyncIterable<Buffer>;
  /** Its size as stored, for the reading progress. */
  size: number;
}

export interface CommentImportOptions {
  dryRun: boolean;
  /** Remove an earlier import of the same source first (never native or demo comments). */
  replace?: boolean;
  /**
   * The source to record; else the JSON file's own, else "disqus" (a JSON file refused before its
   * source was read is recorded as "json").
   */
  source?: string;
  mapping?: { name: string; text: string };
  onProgress?: (progress: CommentImportProgress) => void | Promise<void>;
  limits?: ReadLimits;
  /** Comments per transaction. */
  batchSize?: number;
}

const BATCH_SIZE = 500;

/**
 * The comment migration, dry run or real. The file is read once for its structure (threads
 * matched to tools, the fate of every post), then again for the comments, and a third time only
 * for replies that came before their parent, so every reply finds its parent's row whatever the
 * file's order; only the structure is held, never the texts. Writes go in batches, each in its
 * own transaction with the ratings of the tools it touched: a batch that fails leaves nothing of
 * itself, the import stops there and the report says why; the batches before it stay, and a
 * re-run skips them ((source, external id) is unique). A dry run takes the same path and writes
 * nothing. Every run is recorded.
 */
export async function importComments(
  db: Database,
  actor: { id: string | null; email: string },
  file: CommentFile,
  options: CommentImportOptions,
): Promise<CommentImportReport> {
  const run = startCommentImportRun(actor, file, options);
  const records = openExportRecords(file, options.limits ?? DEFAULT_READ_LIMITS);
  const tellProgress = progressTeller(options.onProgress);

  let filePlan: FileImportPlan;
  try {
    filePlan = await planFileImport(db, file, records, options, tellProgress);
  } catch (error) {
    if (!(error instanceof CommentFileError)) throw error;
    const { message, problems } = rejectedFileReport(error);
    const source =
      options.source ?? records.jsonSource() ?? (file.format === "json" ? "json" : "disqus");
    const rejected = await recordCommentImport(
      db,
      run,
      reportOf(run, "rejected", source, message, zeroCounts(), { problems }),
    );
    // A file past a reading limit is in the history too, and its answer is a 413 naming the limit.
    if (error.code === "TOO_LARGE") throw new AppError("TOO_LARGE", message);
    return rejected;
  }

  const { counts, problems, failure } = await writePlannedComments(
    db,
    records,
    filePlan,
    {
      dryRun: run.dryRun,
      replace: run.replace,
      batchSize: options.batchSize ?? BATCH_SIZE,
      startedAt: run.startedAt,
    },
    tellProgress,
  );

  const { plan, source } = filePlan;
  const rest = {
    matchedSamples: plan.matchedSamples,
    unmatchedSamples: plan.unmatchedSamples,
    problems,
  };
  const result = failure
    ? reportOf(run, "failed", source, failedMessage(failure, counts.imported), counts, rest)
    : reportOf(run, "succeeded", source, succeededMessage(run.dryRun, counts), counts, rest);
  return recordCommentImport(db, run, result);
}
