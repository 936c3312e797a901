import { setImmediate as nextTurn } from "node:timers/promises";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import {
  commentSourceSchema,
  type CommentFileFormat,
  type CommentImportCounts,
  type CommentImportProblem,
  type CommentImportProgress,
  type CommentImportReport,
} from "~/lib/comment-import";
import { isBlankText } from "~/lib/comment-rules";
import { shownText } from "~/lib/plain-text";
import { plural } from "~/lib/tool";
import type { Database, Transaction } from "../../db/client.server";
import { AppError } from "../../errors.server";
import { commentImportJobs, comments, tools } from "../../db/schema";
import { queryRows } from "../../db/query-rows.server";
import { renderCommentMarkdown, sanitizeLongCommentHtml } from "../comments/comment-html.server";
import { recomputeToolRatings } from "../comments/recompute-tool-ratings.server";
import {
  CommentFileError,
  DEFAULT_READ_LIMITS,
  type ExportPost,
  type ExportRecord,
  type ReadLimits,
} from "./export-records.server";
import { createThreadMatcher, type ThreadMapping } from "./match-thread.server";
import {
  LISTED_PROBLEMS,
  planCommentImport,
  type CommentImportPlan,
  type PlannedComment,
} from "./plan-comment-import.server";
import { readCommentJson } from "./read-comment-json.server";
import { readDisqusExport } from "./read-disqus-export.server";
import { readThreadMapping } from "./read-thread-mapping.server";
import { linkedToolColumns } from "../tools/tool-shapes.server";

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
/** The reading progress is told at most this often (bytes of the file as stored). */
const PROGRESS_STEP = 1024 * 1024;

type NewComment = typeof comments.$inferInsert;

interface Pending {
  post: ExportPost;
  planned: PlannedComment;
}

class BatchFailure extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * Issue 17 comment migration, dry run or real. The file is read once for its structure (threads
 * matched to tools, the fate of every post), then again for the comments, and a third time only
 * for replies that came before their parent, so every reply finds its parent's row whatever the
 * file's order; only the structure is held, never the texts. Writes go in batches, each in its own transaction with the ratings of
 * the tools it touched: a batch that fails leaves nothing of itself, the import stops there and
 * the report says why; the batches before it stay, and a re-run skips them ((source, external
 * id) is unique). A dry run takes the same path and writes nothing. Every run is recorded.
 */
export async function importComments(
  db: Database,
  actor: { id: string | null; email: string },
  file: CommentFile,
  options: CommentImportOptions,
): Promise<CommentImportReport> {
  const startedAt = new Date();
  const limits = options.limits ?? DEFAULT_READ_LIMITS;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const replace = options.replace ?? false;
  const fileName = shownText(file.name);
  const report = (
    status: CommentImportReport["status"],
    source: string,
    message: string,
    counts: CommentImportCounts,
    rest: Partial<CommentImportReport> = {},
  ): Omit<CommentImportReport, "jobId"> => ({
    dryRun: options.dryRun,
    replace,
    status,
    message,
    format: file.format,
    source,
    fileName,
    ...counts,
    matchedSamples: [],
    unmatchedSamples: [],
    problems: [],
    ...rest,
    elapsedMs: Date.now() - startedAt.getTime(),
  });
  const record = async (result: Omit<CommentImportReport, "jobId">) => {
    const [row] = await db
      .insert(commentImportJobs)
      .values({
        userId: actor.id,
        userEmail: actor.email,
        fileName,
        format: file.format,
        source: result.source,
        dryRun: options.dryRun,
        replace,
        status: result.status,
        report: { ...result, matchedSamples: result.matchedSamples.slice(0, 5) },
        startedAt,
      })
      .returning({ id: commentImportJobs.id });
    return { ...result, jobId: row!.id };
  };

  let bytesRead = 0;
  let toldBytes = -PROGRESS_STEP;
  const progress = async (phase: CommentImportProgress["phase"], done: number, total: number) => {
    await options.onProgress?.({ phase, done, total });
    // Let the progress line reach the client before the next stretch of work.
    await nextTurn();
  };
  let jsonRecords: ExportRecord[] | null = null;
  let jsonSource: string | null = null;
  async function* recordsOf(): AsyncGenerator<ExportRecord> {
    if (file.format === "disqus") {
      yield* readDisqusExport(
        file.open((bytes) => (bytesRead = bytes)),
        limits,
      );
      return;
    }
    if (!jsonRecords) {
      const json = await readCommentJson(
        file.open((bytes) => (bytesRead = bytes)),
        limits,
      );
      jsonRecords = json.records;
      jsonSource = json.source;
    }
    yield* jsonRecords;
  }

  let plan: CommentImportPlan;
  let source: string;
  const mappingProblems: CommentImportProblem[] = [];
  try {
    const toolRows = await db.select(linkedToolColumns).from(tools);
    const mapping = options.mapping
      ? mappingOf(options.mapping, toolRows, mappingProblems)
      : undefined;
    const matchThread = createThreadMatcher(toolRows, mapping);
    await progress("reading", 0, file.size);
    async function* told(): AsyncGenerator<ExportRecord> {
      for await (const item of recordsOf()) {
        if (bytesRead - toldBytes >= PROGRESS_STEP) {
          toldBytes = bytesRead;
          await progress("reading", bytesRead, file.size);
        }
        yield item;
      }
    }
    plan = await planCommentImport(told(), matchThread);
    await progress("reading", file.size, file.size);
    const named = commentSourceSchema.safeParse(options.source ?? jsonSource ?? "disqus");
    if (!named.success) {
      throw new CommentFileError(null, `The source: ${named.error.issues[0]!.message}`);
    }
    source = named.data;
  } catch (error) {
    if (!(error instanceof CommentFileError)) throw error;
    const reason = error.reason.charAt(0).toUpperCase() + error.reason.slice(1);
    const problems = [{ line: error.line, record: null, message: reason }];
    const message = `${error.message} Nothing was imported.`;
    const rejected = await record(
      report(
        "rejected",
        options.source ?? jsonSource ?? (file.format === "json" ? "json" : "disqus"),
        message,
        zeroCounts(),
        {
          problems,
        },
      ),
    );
    // A file past a reading limit is in the history too, and its answer is a 413 naming the limit.
    if (error.code === "TOO_LARGE") throw new AppError("TOO_LARGE", message);
    return rejected;
  }

  const counts: CommentImportCounts = {
    ...zeroCounts(),
    ...plan.counts,
  };
  const problems = [...mappingProblems, ...plan.problems].slice(0, LISTED_PROBLEMS);
  const total = plan.comments.size;
  const phase = options.dryRun ? "checking" : "importing";
  let done = 0;
  // Replace mode: what an earlier import of the source keeps (people's replies hang on it).
  let keptKeys = new Set<string>();
  let isReplacePending = replace;
  const skippedRoots = new Set<string>();
  let failure: string | null = null;
  let sanitisedAway = 0;

  if (replace && options.dryRun) {
    const before = await countOfSource(db, source);
    keptKeys = await keptBySource(db, source);
    counts.replaced = before - keptKeys.size;
    counts.keptForReplies = keptKeys.size;
  }

  const rowOf = async (post: ExportPost, planned: PlannedComment): Promise<NewComment | null> => {
    let bodyHtml = "";
    if (!planned.isPlaceholder) {
      const sanitised =
        post.bodyFormat === "markdown"
          ? await renderCommentMarkdown(post.body)
          : await sanitizeLongCommentHtml(post.body);
      bodyHtml = (sanitised ?? "").trim().replaceAll("\u0000", "");
      if (isBlankText(textOfHtml(bodyHtml))) {
        counts.invalid++;
        sanitisedAway++;
        if (problems.length < LISTED_PROBLEMS) {
          problems.push({
            line: post.line,
            record: post.record,
            message:
              sanitised === null
                ? "The message could not be sanitised in time; it is skipped."
                : "Nothing is left of the message once sanitised; it is skipped.",
          });
        }
        return null;
      }
    }
    return {
      toolId: planned.toolId,
      authorId: null,
      authorName: planned.isPlaceholder ? "" : post.authorName,
      bodySource: null,
      bodyHtml,
      rating: planned.isPlaceholder || planned.rootKey !== null ? null : post.rating,
      status: planned.isPlaceholder ? "deleted" : "visible",
      source,
      externalId: post.key,
      isOrphan: planned.isOrphan,
      // A date after the import (a wrong clock, a hand-made file) would hold the top of
      // "Newest" for years: it is taken as the import's own time.
      createdAt: post.createdAt! > startedAt ? startedAt : post.createdAt!,
      updatedAt: post.createdAt! > startedAt ? startedAt : post.createdAt!,
    };
  };

  const insertRows = (tx: Transaction, rows: NewComment[]) =>
    tx
      .insert(comments)
      .values(rows)
      .onConflictDoNothing({ target: [comments.source, comments.externalId] })
      .returning({ toolId: comments.toolId });

  /** Replies under their top-level comment's row, wherever and whenever it was written. */
  const placeReplies = async (tx: Transaction, rows: NewComment[], rootKeys: string[]) => {
    const parents = await tx
      .select({
        externalId: comments.externalId,
        rootId: sql<number>`coalesce(${comments.parentId}, ${comments.id})`.mapWith(Number),
        toolId: comments.toolId,
      })
      .from(comments)
      .where(
        and(eq(comments.source, source), inArray(comments.externalId, [...new Set(rootKeys)])),
      );
    const byKey = new Map(parents.map((parent) => [parent.externalId, parent]));
    return rows.map((row, index) => {
      const parent = byKey.get(rootKeys[index]!);
      if (parent) return { ...row, parentId: parent.rootId, toolId: parent.toolId };
      // Its top-level comment was not written (nothing left once sanitised): attached and flagged.
      counts.orphans++;
      return { ...row, parentId: null, isOrphan: true };
    });
  };

  /** The batch's comments of this source already in the database (replace: those it keeps). */
  const importedOf = async (queryable: Database | Transaction, batch: Pending[]) => {
    const rows = await queryable
      .select({ externalId: comments.externalId })
      .from(comments)
      .where(
        and(
          eq(comments.source, source),
          inArray(
            comments.externalId,
            batch.map((pending) => pending.post.key),
          ),
        ),
      );
    const keys = rows.map((row) => row.externalId!);
    return new Set(options.dryRun && replace ? keys.filter((key) => keptKeys.has(key)) : keys);
  };

  /** Rows for the batch's new comments, top-level ones apart; texts are sanitised only now. */
  const rowsOf = async (batch: Pending[], imported: Set<string>) => {
    const roots: NewComment[] = [];
    const replies: NewComment[] = [];
    const rootKeys: string[] = [];
    for (const { post, planned } of batch) {
      if (imported.has(post.key)) continue;
      const row = await rowOf(post, planned);
      if (!row) {
        if (planned.rootKey === null) skippedRoots.add(post.key);
        continue;
      }
      if (planned.rootKey === null) {
        roots.push(row);
      } else {
        replies.push(row);
        rootKeys.push(planned.rootKey);
      }
    }
    return { roots, replies, rootKeys };
  };

  const flush = async (batch: Pending[]) => {
    if (batch.length === 0) return;
    const from = done + 1;
    if (options.dryRun) {
      const imported = await importedOf(db, batch);
      const { roots, replies, rootKeys } = await rowsOf(batch, imported);
      counts.alreadyImported += imported.size;
      counts.toImport += roots.length + replies.length;
      counts.orphans += rootKeys.filter((key) => skippedRoots.has(key)).length;
    } else {
      let written;
      try {
        written = await db.transaction(async (tx) => {
          const replaced = isReplacePending ? await replacePrevious(tx, source) : null;
          const imported = await importedOf(tx, batch);
          const { roots, replies, rootKeys } = await rowsOf(batch, imported);
          const inserted = roots.length > 0 ? await insertRows(tx, roots) : [];
          // After the top-level comments, so a reply finds its parent written in this batch too.
          const placed = replies.length > 0 ? await placeReplies(tx, replies, rootKeys) : [];
          if (placed.length > 0) inserted.push(...(await insertRows(tx, placed)));
          await recomputeToolRatings(
            tx,
            inserted.map((row) => row.toolId),
          );
          return {
            replaced,
            inserted: inserted.length,
            already: imported.size + roots.length + placed.length - inserted.length,
          };
        });
      } catch (error) {
        throw new BatchFailure(reasonOf(error, from, from + batch.length - 1));
      }
      if (written.replaced) {
        isReplacePending = false;
        Object.assign(counts, written.replaced);
      }
      counts.imported += written.inserted;
      counts.alreadyImported += written.already;
    }
    done += batch.length;
    await progress(phase, done, total);
  };

  /**
   * One read of the file for its comments in file order. The first read takes top-level comments
   * and the replies that come after theirs (Disqus writes parents first); the second, only made
   * when needed, the replies that came before theirs.
   */
  const writePass = async (isLateReplies: boolean) => {
    let ordinal = 0;
    let late = 0;
    let batch: Pending[] = [];
    for await (const item of recordsOf()) {
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
  };

  try {
    await progress(phase, 0, total);
    const late = await writePass(false);
    if (late > 0) await writePass(true);
    if (isReplacePending && !options.dryRun) {
      // A file with nothing to write still replaces what the source had.
      Object.assign(counts, await db.transaction((tx) => replacePrevious(tx, source)));
    }
  } catch (error) {
    if (error instanceof BatchFailure) failure = error.reason;
    // The file changed between reads (the CLI reads a path again): stop where it is.
    else if (error instanceof CommentFileError) failure = error.message;
    else throw error;
  }
  if (!options.dryRun) counts.toImport = total - counts.alreadyImported - sanitisedAway;

  const rest = {
    matchedSamples: plan.matchedSamples,
    unmatchedSamples: plan.unmatchedSamples,
    problems,
  };
  if (failure) {
    return record(
      report(
        "failed",
        source,
        `${failure} The ${counts.imported.toLocaleString("en-US")} comments of the batches before it were imported. Run the import again to continue: imported comments are skipped.`,
        counts,
        rest,
      ),
    );
  }
  return record(report("succeeded", source, messageOf(options.dryRun, counts), counts, rest));
}

function zeroCounts(): CommentImportCounts {
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

function mappingOf(
  file: { name: string; text: string },
  toolRows: readonly { id: string; slug: string }[],
  problems: CommentImportProblem[],
): ThreadMapping {
  const known = new Set(toolRows.flatMap((tool) => [tool.id, tool.slug]));
  const mapping = new Map<string, string>();
  for (const entry of readThreadMapping(file.name, file.text)) {
    if (!known.has(entry.tool) && !known.has(entry.tool.toLowerCase())) {
      problems.push({
        line: entry.line,
        record: `mapping ${shownText(file.name)}`,
        message: `"${shownText(entry.tool).slice(0, 100)}" is neither a tool's id nor its slug.`,
      });
      continue;
    }
    if (!mapping.has(entry.key)) mapping.set(entry.key, entry.tool);
  }
  return mapping;
}

function textOfHtml(html: string): string {
  return html.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;/g, " ");
}

function countOfSource(db: Database | Transaction, source: string): Promise<number> {
  return db
    .select({ n: count() })
    .from(comments)
    .where(eq(comments.source, source))
    .then(([row]) => row?.n ?? 0);
}

/** An earlier import's comments that people replied to here: replace keeps them. */
async function keptBySource(db: Database | Transaction, source: string): Promise<Set<string>> {
  const rows = await queryRows<{ external_id: string }>(
    db,
    sql`select c.external_id from comments c
        where c.source = ${source}
          and exists (select 1 from comments r where r.parent_id = c.id and r.source <> ${source})`,
  );
  return new Set(rows.map((row) => row.external_id));
}

/**
 * Replace: removes the source's earlier comments, except those someone replied to on this site
 * (deleting them would delete the replies, which are native). Runs in the first batch's
 * transaction, so a failing first batch leaves the earlier import as it was.
 */
async function replacePrevious(
  tx: Transaction,
  source: string,
): Promise<{ replaced: number; keptForReplies: number }> {
  const before = await countOfSource(tx, source);
  const removed = await queryRows<{ tool_id: string }>(
    tx,
    sql`delete from comments c
        where c.source = ${source}
          and not exists (select 1 from comments r where r.parent_id = c.id and r.source <> ${source})
        returning c.tool_id`,
  );
  const after = await countOfSource(tx, source);
  await recomputeToolRatings(
    tx,
    removed.map((row) => row.tool_id),
  );
  return { replaced: before - after, keptForReplies: after };
}

function reasonOf(error: unknown, from: number, to: number): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const isDatabaseError =
    cause instanceof Error && typeof (cause as { code?: unknown }).code === "string";
  const why = isDatabaseError
    ? `the database refused it: ${shownText(cause.message).slice(0, 300)}`
    : "an error on our side";
  return `The batch of comments ${from.toLocaleString("en-US")} to ${to.toLocaleString("en-US")} failed (${why}), so nothing of it was imported.`;
}

function messageOf(dryRun: boolean, counts: CommentImportCounts): string {
  const threads = `${counts.matchedThreads.toLocaleString("en-US")} of ${plural(counts.threads, "thread")} matched a tool`;
  const already = `${counts.alreadyImported.toLocaleString("en-US")} already imported`;
  if (dryRun) {
    return `Dry run: ${plural(counts.toImport, "comment")} to import into ${plural(counts.tools, "tool")}; ${threads}; ${already}. Nothing has been changed yet.`;
  }
  return `Imported ${plural(counts.imported, "comment")} into ${plural(counts.tools, "tool")}; ${threads}; ${already}.`;
}
