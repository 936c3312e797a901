import { and, eq, sql } from "drizzle-orm";
import type { DeletedComment } from "~/lib/api/contract";
import type { Database } from "#server/db/client.server";
import { comments } from "#server/db/schema";
import { countReplies } from "./comment-shapes.server";
import { lockOwnComment } from "./edit-comment.server";
import { recomputeToolRatings } from "./recompute-tool-ratings.server";

/**
 * DELETE /api/comments/:id: the author's comment goes; one with replies stays as a
 * "deleted" placeholder, its text and rating cleared. Allowed on a locked tool too.
 */
export async function deleteComment(
  db: Database,
  commentId: number,
  authorId: string,
  now: Date,
): Promise<DeletedComment> {
  return db.transaction(async (tx) => {
    const row = await lockOwnComment(tx, commentId, authorId, { mustBeOpen: false });
    const isPlaceholder = (await countReplies(tx, commentId)) > 0;
    if (isPlaceholder) {
      await tx
        .update(comments)
        .set({
          status: "deleted",
          statusReason: "author",
          bodySource: null,
          bodyHtml: "",
          rating: null,
          needsReview: false,
          updatedAt: now,
        })
        .where(eq(comments.id, commentId));
    } else {
      await tx.delete(comments).where(eq(comments.id, commentId));
      // A placeholder kept only for replies goes with its last one.
      if (row.parentId !== null) {
        await tx
          .delete(comments)
          .where(
            and(
              eq(comments.id, row.parentId),
              eq(comments.status, "deleted"),
              eq(comments.bodyHtml, ""),
              sql`not exists (select 1 from comments reply where reply.parent_id = ${row.parentId})`,
            ),
          );
      }
    }
    const ratings = await recomputeToolRatings(tx, [row.toolId], { isLocked: true });
    return { isPlaceholder, rating: ratings.get(row.toolId)! };
  });
}
