import type {
  CommentFileFormat,
  CommentImportCounts,
  CommentImportReport,
} from "~/lib/comment-import";
import { shownText } from "~/lib/plain-text";
import type { Database } from "#server/db/client.server";
import { commentImportJobs } from "#server/db/schema";

/** What every report and history row of one run shares. */
interface CommentImportRun {
  actor: { id: string | null; email: string };
  fileName: string;
  format: CommentFileFormat;
  dryRun: boolean;
  replace: boolean;
  startedAt: Date;
}

type UnrecordedReport = Omit<CommentImportReport, "jobId">;

export function startCommentImportRun(
  actor: CommentImportRun["actor"],
  file: { name: string; format: CommentFileFormat },
  options: { dryRun: boolean; replace?: boolean },
): CommentImportRun {
  return {
    actor,
    fileName: shownText(file.name),
    format: file.format,
    dryRun: options.dryRun,
    replace: options.replace ?? false,
    startedAt: new Date(),
  };
}

export function zeroCounts(): CommentImportCounts {
  return {
    threads: 0,
    matchedThreads: 0,
    unmatchedThreads: 0,
    deletedThreads: 0,
    tools: 0,
    posts: 0,
    toImport: 0,
    imported: 0,
    alreadyImported: 0,
    skippedSpam: 0,
    skippedDeleted: 0,
    placeholders: 0,
    orphans: 0,
    inUnmatchedThreads: 0,
    invalid: 0,
    ratings: 0,
    replaced: 0,
    keptForReplies: 0,
  };
}

/** The run's report; its elapsed time runs to now. */
export function reportOf(
  run: CommentImportRun,
  status: CommentImportReport["status"],
  source: string,
  message: string,
  counts: CommentImportCounts,
  rest: Partial<CommentImportReport> = {},
): UnrecordedReport {
  return {
    dryRun: run.dryRun,
    replace: run.replace,
    status,
    message,
    format: run.format,
    source,
    fileName: run.fileName,
    ...counts,
    matchedSamples: [],
    unmatchedSamples: [],
    problems: [],
    ...rest,
    elapsedMs: Date.now() - run.startedAt.getTime(),
  };
}

/** Every run, dry or real, refused or not, is kept in the import history. */
export async function recordCommentImport(
  db: Database,
  run: CommentImportRun,
  result: UnrecordedReport,
): Promise<CommentImportReport> {
  const [row] = await db
    .insert(commentImportJobs)
    .values({
      userId: run.actor.id,
      userEmail: run.actor.email,
      fileName: run.fileName,
      format: run.format,
      source: result.source,
      dryRun: run.dryRun,
      replace: run.replace,
      status: result.status,
      report: { ...result, matchedSamples: result.matchedSamples.slice(0, 5) },
      startedAt: run.startedAt,
    })
    .returning({ id: commentImportJobs.id });
  return { ...result, jobId: row!.id };
}
