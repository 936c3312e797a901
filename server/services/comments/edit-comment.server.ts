import { eq } from "drizzle-orm";
import type { SavedComment } from "~/lib/api/contract";
import type { Database, Transaction } from "#server/db/client.server";
import { comments } from "#server/db/schema";
import { AppError } from "#server/core/errors.server";
import { renderCommentMarkdown } from "./comment-html.server";
import {
  canEditText,
  commentViewColumns,
  countReplies,
  lockToolOfComment,
  toCommentView,
} from "./comment-shapes.server";
import { clearOtherRating, isHeldForLinks } from "./post-comment.server";
import { recomputeToolRatings } from "./recompute-tool-ratings.server";

export interface CommentEdit {
  /** Normalised text (commentEditSchema); undefined leaves it. */
  body?: string;
  /** A new rating, null to take it back; undefined leaves it. */
  rating?: number | null;
}

/**
 * The author's comment with its tool's row locked first (the order every comment write takes),
 * or 404; 403 when it is someone else's. `mustBeOpen`: the tool must take comments too.
 */
export async function lockOwnComment(
  tx: Transaction,
  commentId: number,
  authorId: string,
  { mustBeOpen }: { mustBeOpen: boolean },
) {
  await lockToolOfComment(tx, commentId, { mustBeOpen });
  const [row] = await tx
    .select({ ...commentViewColumns })
    .from(comments)
    .where(eq(comments.id, commentId))
    .for("update");
  if (!row || row.status === "deleted") throw new AppError("NOT_FOUND", "No comment has that id.");
  if (row.authorId !== authorId) {
    throw new AppError("FORBIDDEN", "You can only change your own comments.");
  }
  return row;
}

/**
 * PUT /api/comments/:id: the text within COMMENT_EDIT_WINDOW_MS and before any reply
 * (then marked edited); the rating of one's own top-level comment at any time.
 */
export async function editComment(
  db: Database,
  commentId: number,
  author: { id: string; name: string },
  edit: CommentEdit,
  now: Date,
): Promise<SavedComment> {
  return db.transaction(async (tx) => {
    const row = await lockOwnComment(tx, commentId, author.id, { mustBeOpen: true });
    if (row.status === "hidden") {
      throw new AppError("FORBIDDEN", "This comment is hidden until an admin has looked at it.");
    }
    const replyCount = await countReplies(tx, commentId);
    const changes: Partial<typeof comments.$inferInsert> = { updatedAt: now };
    if (edit.body !== undefined) {
      if (!canEditText(row, author.id, replyCount, now)) {
        throw new AppError(
          "FORBIDDEN",
          "A comment can be edited for 15 minutes after posting, and only until its first reply.",
        );
      }
      const bodyHtml = await renderCommentMarkdown(edit.body);
      changes.bodySource = edit.body;
      changes.bodyHtml = bodyHtml;
      changes.editedAt = now;
      if (row.status === "visible" && (await isHeldForLinks(tx, author.id, bodyHtml, now))) {
        changes.status = "held";
        changes.statusReason = "links";
        changes.needsReview = true;
      }
    }
    if (edit.rating !== undefined) {
      if (row.parentId !== null) {
        throw new AppError("INVALID", "A reply has no rating.", {
          rating: "A reply has no rating.",
        });
      }
      if (edit.rating !== null) await clearOtherRating(tx, row.toolId, author.id, commentId, now);
      changes.rating = edit.rating;
    }
    const [updated] = await tx
      .update(comments)
      .set(changes)
      .where(eq(comments.id, commentId))
      .returning(commentViewColumns);
    const ratings = await recomputeToolRatings(tx, [row.toolId], { isLocked: true });
    return {
      comment: toCommentView(updated!, author, { replyCount, isReported: false, now }),
      rating: ratings.get(row.toolId)!,
    };
  });
}
