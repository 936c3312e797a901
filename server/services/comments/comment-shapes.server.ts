import { and, eq, sql } from "drizzle-orm";
import type { CommentView, ModerationItem, RatingSummary } from "~/lib/api/contract";
import { COMMENT_EDIT_WINDOW_MS } from "~/lib/comment-rules";
import { toolPath } from "~/lib/paths";
import { AppError } from "#server/core/errors.server";
import type { Database, Transaction } from "#server/db/client.server";
import { lockInOrder } from "#server/db/lock-tool-rows.server";
import { queryRows } from "#server/db/query-rows.server";
import { authUsers, commentLocks, commentReports, comments, tools } from "#server/db/schema";
import { linkedToolColumns } from "#server/snapshot/tool-shapes.server";

// What the comment services share: the reader, the columns a reader's view needs, the view
// itself, and the checks every write makes on the tool.

/** Who reads or writes: the signed-in person's id, or nobody. */
export type CommentReader = { id: string } | null;

export type Clock = () => Date;

export const commentViewColumns = {
  id: comments.id,
  toolId: comments.toolId,
  parentId: comments.parentId,
  authorId: comments.authorId,
  authorName: comments.authorName,
  bodySource: comments.bodySource,
  bodyHtml: comments.bodyHtml,
  rating: comments.rating,
  status: comments.status,
  source: comments.source,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
};

export interface CommentViewRow {
  id: number;
  parentId: number | null;
  authorId: string | null;
  authorName: string;
  bodySource: string | null;
  bodyHtml: string;
  rating: number | null;
  status: CommentView["state"];
  source: string;
  createdAt: Date;
  editedAt: Date | null;
}

/** Its author may still change the text: within the edit window and before any reply. */
export function canEditText(
  row: { createdAt: Date; authorId: string | null },
  authorId: string,
  replyCount: number,
  now: Date,
): boolean {
  return (
    row.authorId === authorId &&
    replyCount === 0 &&
    now.getTime() - row.createdAt.getTime() < COMMENT_EDIT_WINDOW_MS
  );
}

/** A comment as this reader sees it; hidden and deleted ones as placeholders. */
export function toCommentView(
  row: CommentViewRow,
  reader: CommentReader,
  { replyCount, isReported, now }: { replyCount: number; isReported: boolean; now: Date },
): CommentView {
  const isPlaceholder = row.status === "hidden" || row.status === "deleted";
  const isOwn = reader !== null && row.authorId === reader.id;
  const canEdit = !isPlaceholder && isOwn && canEditText(row, reader.id, replyCount, now);
  return {
    id: row.id,
    parentId: row.parentId,
    authorName: isPlaceholder ? "" : row.authorName,
    isImported: row.source !== "native",
    bodyHtml: isPlaceholder ? "" : row.bodyHtml,
    bodyText: canEdit ? row.bodySource : null,
    rating: isPlaceholder ? null : row.rating,
    state: row.status,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    isOwn,
    canEdit,
    isReported,
  };
}

/** The tool's rating as stored (kept by recomputeToolRatings) and its 1-to-5 histogram. */
export async function readRatingSummary(
  db: Database | Transaction,
  toolId: string,
): Promise<RatingSummary> {
  const [tool] = await db
    .select({ ratingAvg: tools.ratingAvg, ratingCount: tools.ratingCount })
    .from(tools)
    .where(eq(tools.id, toolId));
  const counts = await db
    .select({ rating: comments.rating, count: sql<number>`count(*)::int` })
    .from(comments)
    .where(
      and(
        eq(comments.toolId, toolId),
        eq(comments.status, "visible"),
        sql`${comments.rating} is not null`,
      ),
    )
    .groupBy(comments.rating);
  const histogram: RatingSummary["histogram"] = [0, 0, 0, 0, 0];
  for (const { rating, count } of counts) histogram[rating! - 1] = Number(count);
  return {
    ratingAvg: tool?.ratingAvg ?? 0,
    ratingCount: tool?.ratingCount ?? 0,
    histogram,
  };
}

/**
 * Locks the tool's row (the first step of every comment write, so writes to one tool's comments
 * queue here) and checks it takes comments: 404 unless online, 403 while an admin locked them.
 */
export async function lockOpenTool(tx: Transaction, toolId: string): Promise<void> {
  const [tool] = await queryRows<{ status: string; is_locked: boolean }>(
    tx,
    sql`select status, exists (select 1 from comment_locks where tool_id = tools.id) as is_locked
        from tools where id = ${toolId} for no key update`,
  );
  if (!tool || tool.status !== "online") throw new AppError("NOT_FOUND", "No tool has that id.");
  if (tool.is_locked) {
    throw new AppError("FORBIDDEN", "Comments on this tool are locked by an admin.");
  }
}

/**
 * Locks the row of the comment's tool, the first step of every write to an existing comment, and
 * names the tool; 404 for an unknown comment. `mustBeOpen`: the tool must take comments too.
 */
export async function lockToolOfComment(
  tx: Transaction,
  commentId: number,
  { mustBeOpen }: { mustBeOpen: boolean },
): Promise<string> {
  const [found] = await tx
    .select({ toolId: comments.toolId })
    .from(comments)
    .where(eq(comments.id, commentId));
  if (!found) throw new AppError("NOT_FOUND", "No comment has that id.");
  if (mustBeOpen) await lockOpenTool(tx, found.toolId);
  else await lockInOrder(tx, [found.toolId]);
  return found.toolId;
}

/** Whether the tool's comments are locked. */
export async function isToolLocked(db: Database | Transaction, toolId: string): Promise<boolean> {
  const [lock] = await db
    .select({ toolId: commentLocks.toolId })
    .from(commentLocks)
    .where(eq(commentLocks.toolId, toolId));
  return lock !== undefined;
}

/** How many replies a comment has, whatever their state (a reply ends the edit window). */
export async function countReplies(tx: Database | Transaction, commentId: number): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(comments)
    .where(eq(comments.parentId, commentId));
  return Number(row?.count ?? 0);
}

/** The moderation queue's view of these comments, in the order given. */
export async function readModerationItems(
  db: Database | Transaction,
  ids: readonly number[],
): Promise<ModerationItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      ...commentViewColumns,
      statusReason: comments.statusReason,
      needsReview: comments.needsReview,
      reportCount: comments.reportCount,
      authorEmail: authUsers.email,
      tool: linkedToolColumns,
      lockedAt: commentLocks.lockedAt,
    })
    .from(comments)
    .innerJoin(tools, eq(tools.id, comments.toolId))
    .leftJoin(authUsers, eq(authUsers.id, comments.authorId))
    .leftJoin(commentLocks, eq(commentLocks.toolId, comments.toolId))
    .where(sql`${comments.id} in ${ids}`);
  const reasons = await db
    .select({ commentId: commentReports.commentId, reason: commentReports.reason })
    .from(commentReports)
    .where(sql`${commentReports.commentId} in ${ids} and ${commentReports.reason} <> ''`)
    .orderBy(commentReports.createdAt);
  const trusted = await db
    .select({ commentId: commentReports.commentId, count: sql<number>`count(*)::int` })
    .from(commentReports)
    .where(sql`${commentReports.commentId} in ${ids} and ${commentReports.isTrusted}`)
    .groupBy(commentReports.commentId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        tool: {
          id: row.tool.id,
          name: row.tool.name,
          publicPath: toolPath(row.tool),
          isLocked: row.lockedAt !== null,
        },
        parentId: row.parentId,
        authorName: row.authorName,
        authorEmail: row.authorEmail,
        bodyHtml: row.bodyHtml,
        rating: row.rating,
        status: row.status,
        statusReason: row.statusReason,
        reportCount: row.reportCount,
        trustedReportCount: Number(trusted.find((count) => count.commentId === id)?.count ?? 0),
        reportReasons: reasons.filter((report) => report.commentId === id).map((r) => r.reason!),
        needsReview: row.needsReview,
        source: row.source,
        createdAt: row.createdAt.toISOString(),
      },
    ];
  });
}
