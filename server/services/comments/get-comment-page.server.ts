import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { CommentPage, CommentThread } from "~/lib/api/contract";
import { COMMENTS_PAGE_SIZE, type CommentSort } from "~/lib/comment-rules";
import type { CommentPageQuery } from "~/lib/comments";
import type { Database } from "#server/db/client.server";
import { commentReports, comments, tools } from "#server/db/schema";
import { AppError } from "#server/core/errors.server";
import {
  commentViewColumns,
  isToolLocked,
  readRatingSummary,
  toCommentView,
  type CommentReader,
  type CommentViewRow,
} from "./comment-shapes.server";

/** Placeholders and held comments sort by their rating as if unrated. */
const shownRating = sql`case when ${comments.status} in ('visible', 'held') then ${comments.rating} end`;

const ORDER: Record<CommentSort, SQL[]> = {
  newest: [desc(comments.createdAt), desc(comments.id)],
  oldest: [asc(comments.createdAt), asc(comments.id)],
  // Unrated comments last, then newest first.
  highest: [sql`${shownRating} desc nulls last`, desc(comments.createdAt), desc(comments.id)],
  lowest: [sql`${shownRating} asc nulls last`, desc(comments.createdAt), desc(comments.id)],
};

/** What this reader may see of a comment: visible ones, and their own held ones. */
function isShownTo(reader: CommentReader): SQL {
  return reader
    ? sql`(${comments.status} = 'visible' or (${comments.status} = 'held' and ${comments.authorId} = ${reader.id}))`
    : sql`${comments.status} = 'visible'`;
}

/**
 * Top-level comments shown to this reader; a hidden or deleted one only as the placeholder of
 * its visible replies.
 */
function isThreadShownTo(reader: CommentReader): SQL {
  return sql`${comments.parentId} is null and (${isShownTo(reader)} or (${comments.status} in ('hidden', 'deleted') and exists (select 1 from comments reply where reply.parent_id = ${comments.id} and reply.status = 'visible')))`;
}

/**
 * One page of a tool's comment threads as this reader sees them, with the tool's
 * ratings. A tool that is not online is NOT_FOUND.
 */
export async function getCommentPage(
  db: Database,
  toolId: string,
  { sort, page }: CommentPageQuery,
  reader: CommentReader,
  now: Date,
): Promise<CommentPage> {
  const [tool] = await db.select({ status: tools.status }).from(tools).where(eq(tools.id, toolId));
  if (!tool || tool.status !== "online") throw new AppError("NOT_FOUND", "No tool has that id.");

  const threadFilter = and(eq(comments.toolId, toolId), isThreadShownTo(reader));
  const [threadRows, [totals], [visible], rating, isLocked, viewerRating] = await Promise.all([
    db
      .select({
        ...commentViewColumns,
        // Spelled out: drizzle leaves a selected column unqualified, which the subquery would
        // read as its own.
        replyCount: sql<number>`(select count(*)::int from comments reply where reply.parent_id = comments.id)`,
      })
      .from(comments)
      .where(threadFilter)
      .orderBy(...ORDER[sort])
      .limit(COMMENTS_PAGE_SIZE)
      .offset((page - 1) * COMMENTS_PAGE_SIZE),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(comments)
      .where(threadFilter),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(comments)
      .where(and(eq(comments.toolId, toolId), eq(comments.status, "visible"))),
    readRatingSummary(db, toolId),
    isToolLocked(db, toolId),
    reader
      ? db
          .select({ commentId: comments.id, rating: comments.rating })
          .from(comments)
          .where(
            and(
              eq(comments.toolId, toolId),
              eq(comments.authorId, reader.id),
              sql`${comments.rating} is not null`,
              // Only a rating its author can still change: a hidden or deleted comment's
              // rating does not count, and a new rated comment replaces it.
              inArray(comments.status, ["visible", "held"]),
            ),
          )
      : Promise.resolve([]),
  ]);

  const threadIds = threadRows.map((row) => row.id);
  const replyRows =
    threadIds.length === 0
      ? []
      : await db
          .select(commentViewColumns)
          .from(comments)
          .where(and(inArray(comments.parentId, threadIds), isShownTo(reader)))
          .orderBy(asc(comments.createdAt), asc(comments.id));
  const shownIds = [...threadIds, ...replyRows.map((row) => row.id)];
  const reported =
    reader && shownIds.length > 0
      ? await db
          .select({ commentId: commentReports.commentId })
          .from(commentReports)
          .where(
            and(eq(commentReports.userId, reader.id), inArray(commentReports.commentId, shownIds)),
          )
      : [];
  const reportedIds = new Set(reported.map((row) => row.commentId));

  const viewOf = (row: CommentViewRow, replyCount: number) =>
    toCommentView(row, reader, { replyCount, isReported: reportedIds.has(row.id), now });
  const threads: CommentThread[] = threadRows.map((row) => ({
    ...viewOf(row, row.replyCount),
    replies: replyRows
      .filter((reply) => reply.parentId === row.id)
      .map((reply) => viewOf(reply, 0)),
  }));
  const carrier = viewerRating[0];
  return {
    threads,
    sort,
    page,
    pageSize: COMMENTS_PAGE_SIZE,
    totalThreads: Number(totals?.count ?? 0),
    commentCount: Number(visible?.count ?? 0),
    rating,
    isLocked,
    viewerRating:
      carrier && carrier.rating !== null
        ? { rating: carrier.rating, commentId: carrier.commentId }
        : null,
  };
}
