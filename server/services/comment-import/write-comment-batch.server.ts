import { and, eq, inArray, sql } from "drizzle-orm";
import type { CommentImportCounts, CommentImportProblem } from "~/lib/comment-import";
import type { Database, Transaction } from "#server/db/client.server";
import { comments } from "#server/db/schema";
import { recomputeToolRatings } from "../comments/recompute-tool-ratings.server";
import { batchFailureReason } from "./comment-import-messages.server";
import {
  importedCommentRow,
  sanitiseImportedBody,
  type NewComment,
  type PendingComment,
} from "./comment-row.server";
import { LISTED_PROBLEMS } from "./plan-comment-import.server";
import { replaceEarlierImport } from "./replace-earlier-import.server";

/** What the batches of one run add up, in the report's terms. */
export interface ImportTally {
  counts: CommentImportCounts;
  problems: CommentImportProblem[];
  /** Top-level comments with nothing left once sanitised: their replies become orphans. */
  skippedRoots: Set<string>;
  /** Comments with nothing left once sanitised. */
  sanitisedAway: number;
}

/** What every batch of one run is written against. */
export interface BatchScope {
  source: string;
  startedAt: Date;
  /** A dry replace: the earlier import's comments that the replace would keep. */
  keptKeys: Set<string> | null;
}

interface WrittenBatch {
  replaced: { replaced: number; keptForReplies: number } | null;
  inserted: number;
  already: number;
}

/** A batch that failed: nothing of it was written, and the import stops there. */
export class BatchFailure extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** A dry run's batch: counted as it would be written, nothing written. */
export async function checkCommentBatch(
  db: Database,
  batch: PendingComment[],
  scope: BatchScope,
  tally: ImportTally,
): Promise<void> {
  const imported = await findImportedKeys(db, batch, scope);
  const { roots, replies, rootKeys } = await rowsOfBatch(batch, imported, scope, tally);
  tally.counts.alreadyImported += imported.size;
  tally.counts.toImport += roots.length + replies.length;
  tally.counts.orphans += rootKeys.filter((key) => tally.skippedRoots.has(key)).length;
}

/**
 * One batch in one transaction with the ratings of the tools it touched (and, for the first batch
 * of a replace, the removal of the earlier import); throws a BatchFailure naming the batch's
 * comments `from` onwards.
 */
export async function writeCommentBatch(
  db: Database,
  batch: PendingComment[],
  from: number,
  isReplacePending: boolean,
  scope: BatchScope,
  tally: ImportTally,
): Promise<WrittenBatch> {
  try {
    return await db.transaction(async (tx) => {
      const replaced = isReplacePending ? await replaceEarlierImport(tx, scope.source) : null;
      const imported = await findImportedKeys(tx, batch, scope);
      const { roots, replies, rootKeys } = await rowsOfBatch(batch, imported, scope, tally);
      const inserted = roots.length > 0 ? await insertCommentRows(tx, roots) : [];
      // After the top-level comments, so a reply finds its parent written in this batch too.
      const placed =
        replies.length > 0 ? await placeReplies(tx, replies, rootKeys, scope, tally) : [];
      if (placed.length > 0) inserted.push(...(await insertCommentRows(tx, placed)));
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
    throw new BatchFailure(batchFailureReason(error, from, from + batch.length - 1));
  }
}

/** The batch's comments of this source already in the database (replace: those it keeps). */
async function findImportedKeys(
  queryable: Database | Transaction,
  batch: PendingComment[],
  scope: BatchScope,
): Promise<Set<string>> {
  const rows = await queryable
    .select({ externalId: comments.externalId })
    .from(comments)
    .where(
      and(
        eq(comments.source, scope.source),
        inArray(
          comments.externalId,
          batch.map((pending) => pending.post.key),
        ),
      ),
    );
  const keys = rows.map((row) => row.externalId!);
  const { keptKeys } = scope;
  return new Set(keptKeys ? keys.filter((key) => keptKeys.has(key)) : keys);
}

/** Rows for the batch's new comments, top-level ones apart; texts are sanitised only now. */
async function rowsOfBatch(
  batch: PendingComment[],
  imported: Set<string>,
  scope: BatchScope,
  tally: ImportTally,
): Promise<{ roots: NewComment[]; replies: NewComment[]; rootKeys: string[] }> {
  const roots: NewComment[] = [];
  const replies: NewComment[] = [];
  const rootKeys: string[] = [];
  for (const pending of batch) {
    const { post, planned } = pending;
    if (imported.has(post.key)) continue;
    const body = planned.isPlaceholder ? { bodyHtml: "" } : await sanitiseImportedBody(post);
    if ("skipped" in body) {
      tally.counts.invalid++;
      tally.sanitisedAway++;
      if (tally.problems.length < LISTED_PROBLEMS) {
        tally.problems.push({ line: post.line, record: post.record, message: body.skipped });
      }
      if (planned.rootKey === null) tally.skippedRoots.add(post.key);
      continue;
    }
    const row = importedCommentRow(pending, body.bodyHtml, scope.source, scope.startedAt);
    if (planned.rootKey === null) {
      roots.push(row);
    } else {
      replies.push(row);
      rootKeys.push(planned.rootKey);
    }
  }
  return { roots, replies, rootKeys };
}

function insertCommentRows(tx: Transaction, rows: NewComment[]) {
  return tx
    .insert(comments)
    .values(rows)
    .onConflictDoNothing({ target: [comments.source, comments.externalId] })
    .returning({ toolId: comments.toolId });
}

/** Replies under their top-level comment's row, wherever and whenever it was written. */
async function placeReplies(
  tx: Transaction,
  rows: NewComment[],
  rootKeys: string[],
  scope: BatchScope,
  tally: ImportTally,
): Promise<NewComment[]> {
  const parents = await tx
    .select({
      externalId: comments.externalId,
      rootId: sql<number>`coalesce(${comments.parentId}, ${comments.id})`.mapWith(Number),
      toolId: comments.toolId,
    })
    .from(comments)
    .where(
      and(eq(comments.source, scope.source), inArray(comments.externalId, [...new Set(rootKeys)])),
    );
  const byKey = new Map(parents.map((parent) => [parent.externalId, parent]));
  return rows.map((row, index) => {
    const parent = byKey.get(rootKeys[index]!);
    if (parent) return { ...row, parentId: parent.rootId, toolId: parent.toolId };
    // Its top-level comment was not written (nothing left once sanitised): attached and flagged.
    tally.counts.orphans++;
    return { ...row, parentId: null, isOrphan: true };
  });
}
