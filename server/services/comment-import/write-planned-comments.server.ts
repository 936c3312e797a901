import type { CommentImportCounts, CommentImportProblem } from "~/lib/comment-import";
import type { Database } from "#server/db/client.server";
import type { PendingComment } from "./comment-row.server";
import { CommentFileError } from "./export-records.server";
import type { ExportRecords } from "./open-export-records.server";
import type { FileImportPlan } from "./plan-file-import.server";
import { LISTED_PROBLEMS, type CommentImportPlan } from "./plan-comment-import.server";
import {
  countSourceComments,
  findKeptForReplies,
  replaceEarlierImport,
} from "./replace-earlier-import.server";
import { zeroCounts } from "./record-comment-import.server";
import type { TellProgress } from "./tell-import-progress.server";
import {
  BatchFailure,
  checkCommentBatch,
  writeCommentBatch,
  type BatchScope,
  type ImportTally,
} from "./write-comment-batch.server";

interface WrittenComments {
  counts: CommentImportCounts;
  problems: CommentImportProblem[];
  /** Why the import stopped before the end, or null when it ran through. */
  failure: string | null;
}

interface WriteSettings {
  dryRun: boolean;
  replace: boolean;
  batchSize: number;
  startedAt: Date;
}

/**
 * The planned comments, read again from the file and written in batches (a dry run only counts
 * them). A batch that fails leaves nothing of itself and stops the import; the batches before it
 * stay, and a re-run skips them ((source, external id) is unique).
 */
export async function writePlannedComments(
  db: Database,
  records: ExportRecords,
  { plan, source, mappingProblems }: FileImportPlan,
  settings: WriteSettings,
  tellProgress: TellProgress,
): Promise<WrittenComments> {
  const tally: ImportTally = {
    counts: { ...zeroCounts(), ...plan.counts },
    problems: [...mappingProblems, ...plan.problems].slice(0, LISTED_PROBLEMS),
    skippedRoots: new Set(),
    sanitisedAway: 0,
  };
  const { counts } = tally;
  const total = plan.comments.size;
  const phase = settings.dryRun ? "checking" : "importing";
  const scope: BatchScope = { source, startedAt: settings.startedAt, keptKeys: null };
  if (settings.replace && settings.dryRun) {
    const before = await countSourceComments(db, source);
    scope.keptKeys = await findKeptForReplies(db, source);
    counts.replaced = before - scope.keptKeys.size;
    counts.keptForReplies = scope.keptKeys.size;
  }
  // Replace mode: the earlier import goes in the first written batch's transaction.
  let isReplacePending = settings.replace;
  let done = 0;

  const flush = async (batch: PendingComment[]) => {
    if (batch.length === 0) return;
    if (settings.dryRun) {
      await checkCommentBatch(db, batch, scope, tally);
    } else {
      const written = await writeCommentBatch(db, batch, done + 1, isReplacePending, scope, tally);
      if (written.replaced) {
        isReplacePending = false;
        Object.assign(counts, written.replaced);
      }
      counts.imported += written.inserted;
      counts.alreadyImported += written.already;
    }
    done += batch.length;
    await tellProgress(phase, done, total);
  };

  let failure: string | null = null;
  try {
    await tellProgress(phase, 0, total);
    const late = await writePass(records, plan, false, settings.batchSize, flush);
    if (late > 0) await writePass(records, plan, true, settings.batchSize, flush);
    if (isReplacePending && !settings.dryRun) {
      // A file with nothing to write still replaces what the source had.
      Object.assign(counts, await db.transaction((tx) => replaceEarlierImport(tx, source)));
    }
  } catch (error) {
    if (error instanceof BatchFailure) failure = error.reason;
    // The file changed between reads (the CLI reads a path again): stop where it is.
    else if (error instanceof CommentFileError) failure = error.message;
    else throw error;
  }
  if (!settings.dryRun) counts.toImport = total - counts.alreadyImported - tally.sanitisedAway;
  return { counts, problems: tally.problems, failure };
}

/**
 * One read of the file for its comments in file order. The first read takes top-level comments
 * and the replies that come after theirs (Disqus writes parents first); the second, only made
 * when needed, the replies that came before theirs. Returns how many replies it left for that.
 */
async function writePass(
  records: ExportRecords,
  plan: CommentImportPlan,
  isLateReplies: boolean,
  batchSize: number,
  flush: (batch: PendingComment[]) => Promise<void>,
): Promise<number> {
  let ordinal = 0;
  let late = 0;
  let batch: PendingComment[] = [];
  for await (const item of records.read()) {
    if (item.kind !== "post") continue;
    ordinal++;
    const planned = plan.comments.get(item.key);
    if (!planned || planned.ordinal !== ordinal) continue;
    const isLate =
      planned.rootKey !== null && plan.comments.get(planned.rootKey)!.ordinal > ordinal;
    if (isLate !== isLateReplies) {
      if (isLate) late++;
      continue;
    }
    batch.push({ post: item, planned });
    if (batch.length >= batchSize) {
      await flush(batch);
      batch = [];
    }
  }
  await flush(batch);
  return late;
}
