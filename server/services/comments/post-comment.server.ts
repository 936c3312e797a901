import { and, eq, isNull, sql } from "drizzle-orm";
import type { SavedComment } from "~/lib/api/contract";
import { MAX_LINKS_FROM_NEW, NEW_ACCOUNT_MS } from "~/lib/comment-rules";
import type { Database, Transaction } from "#server/db/client.server";
import { authUsers, comments } from "#server/db/schema";
import { AppError } from "#server/core/errors.server";
import { countCommentLinks, renderCommentMarkdown } from "./comment-html.server";
import {
  commentViewColumns,
  readRatingSummary,
  lockOpenTool,
  toCommentView,
} from "./comment-shapes.server";
import { recomputeToolRatings } from "./recompute-tool-ratings.server";

export interface NewComment {
  toolId: string;
  author: { id: string; name: string };
  /** Normalised text (newCommentSchema). */
  body: string;
  rating: number | null;
  parentId: number | null;
  /** The honeypot: filled only by bots. */
  website?: string;
}

/**
 * A new account (younger than NEW_ACCOUNT_MS) posting more than MAX_LINKS_FROM_NEW
 * links is held for review.
 */
export async function isHeldForLinks(
  tx: Transaction,
  authorId: string,
  html: string,
  now: Date,
): Promise<boolean> {
  if (countCommentLinks(html) <= MAX_LINKS_FROM_NEW) return false;
  const [author] = await tx
    .select({ createdAt: authUsers.createdAt })
    .from(authUsers)
    .where(eq(authUsers.id, authorId));
  return !author || now.getTime() - author.createdAt.getTime() < NEW_ACCOUNT_MS;
}

/**
 * Clears the rating of the person's other rated comment on the tool: their latest rating is the
 * one that counts (one per person, comments_one_rating_per_person).
 */
export async function clearOtherRating(
  tx: Transaction,
  toolId: string,
  authorId: string,
  keepId: number | null,
  now: Date,
): Promise<void> {
  await tx
    .update(comments)
    .set({ rating: null, updatedAt: now })
    .where(
      and(
        eq(comments.toolId, toolId),
        eq(comments.authorId, authorId),
        sql`${comments.rating} is not null`,
        keepId === null ? undefined : sql`${comments.id} <> ${keepId}`,
      ),
    );
}

/** Whether the person's rating of the tool counts now (it sits on a visible comment). */
async function hasVisibleRating(tx: Transaction, toolId: string, authorId: string) {
  const [found] = await tx
    .select({ id: comments.id })
    .from(comments)
    .where(
      and(
        eq(comments.toolId, toolId),
        eq(comments.authorId, authorId),
        eq(comments.status, "visible"),
        sql`${comments.rating} is not null`,
      ),
    );
  return found !== undefined;
}

/**
 * Posts a comment, a rated comment or a reply. A rating moves the person's rating to
 * this comment. The tool's ratings are recomputed and the live event queued in the transaction.
 */
export async function postComment(
  db: Database,
  comment: NewComment,
  now: Date,
): Promise<SavedComment> {
  const { toolId, author, body, rating, parentId } = comment;
  if (parentId !== null && rating !== null) {
    throw new AppError("INVALID", "A reply has no rating.", { rating: "A reply has no rating." });
  }
  const bodyHtml = await renderCommentMarkdown(body);
  if (comment.website) return acceptAndDrop(db, comment, bodyHtml, now);

  return db.transaction(async (tx) => {
    // The tool's row first: moving a rating never races another write of the same person.
    await lockOpenTool(tx, toolId);
    if (parentId !== null) {
      const [parent] = await tx
        .select({ id: comments.id })
        .from(comments)
        .where(
          and(
            eq(comments.id, parentId),
            eq(comments.toolId, toolId),
            isNull(comments.parentId),
            eq(comments.status, "visible"),
          ),
        );
      if (!parent) {
        const message = "That comment cannot be replied to.";
        throw new AppError("INVALID", message, { parentId: message });
      }
    }
    const isHeld = await isHeldForLinks(tx, author.id, bodyHtml, now);
    // A held comment must not take a counted rating away while it waits: it carries its rating
    // only when the person has no rating that counts.
    const keptRating = rating !== null && isHeld && (await hasVisibleRating(tx, toolId, author.id));
    const storedRating = keptRating ? null : rating;
    if (storedRating !== null) await clearOtherRating(tx, toolId, author.id, null, now);
    const [row] = await tx
      .insert(comments)
      .values({
        toolId,
        parentId,
        authorId: author.id,
        authorName: author.name,
        bodySource: body,
        bodyHtml,
        rating: storedRating,
        status: isHeld ? "held" : "visible",
        statusReason: isHeld ? "links" : null,
        needsReview: isHeld,
        createdAt: now,
        updatedAt: now,
      })
      .returning(commentViewColumns);
    const ratings = await recomputeToolRatings(tx, [toolId], { isLocked: true });
    return {
      comment: toCommentView(row!, author, { replyCount: 0, isReported: false, now }),
      rating: ratings.get(toolId)!,
    };
  });
}

/**
 * The honeypot was filled: the answer looks like a held comment, so a bot learns nothing, but
 * nothing is stored.
 */
async function acceptAndDrop(
  db: Database,
  { toolId, author, rating, parentId }: NewComment,
  bodyHtml: string,
  now: Date,
): Promise<SavedComment> {
  const summary = await db.transaction(async (tx) => {
    await lockOpenTool(tx, toolId);
    return readRatingSummary(tx, toolId);
  });
  const row = {
    id: Math.floor(now.getTime() / 1000),
    parentId,
    authorId: author.id,
    authorName: author.name,
    bodySource: null,
    bodyHtml,
    rating,
    status: "held" as const,
    source: "native",
    createdAt: now,
    editedAt: null,
  };
  return {
    comment: toCommentView(row, author, { replyCount: 0, isReported: false, now }),
    rating: summary,
  };
}
