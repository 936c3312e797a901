import { eq } from "drizzle-orm";
import type { ModeratedComment } from "~/lib/api/contract";
import type { ModerationAction } from "~/lib/comment-rules";
import type { Database } from "#server/db/client.server";
import { comments } from "#server/db/schema";
import { AppError } from "#server/core/errors.server";
import { recordAdminAction, type Actor } from "../admin/record-admin-action.server";
import { lockToolOfComment, readModerationItems } from "./comment-shapes.server";
import { recomputeToolRatings } from "./recompute-tool-ratings.server";

const RESULT: Record<
  ModerationAction,
  { status: "visible" | "hidden" | "deleted"; statusReason: string | null }
> = {
  approve: { status: "visible", statusReason: null },
  hide: { status: "hidden", statusReason: "admin" },
  // Soft: the text stays, so an admin can restore it.
  delete: { status: "deleted", statusReason: "admin" },
  restore: { status: "visible", statusReason: null },
};

/**
 * POST /api/admin/comments/:id/moderate: approve (visible, out of the queue), hide,
 * delete (soft) or restore. Audited and the tool's ratings recomputed in the same transaction.
 */
export async function moderateComment(
  db: Database,
  actor: Actor,
  commentId: number,
  action: ModerationAction,
  now: Date,
): Promise<ModeratedComment> {
  return db.transaction(async (tx) => {
    const toolId = await lockToolOfComment(tx, commentId, { mustBeOpen: false });
    const [row] = await tx
      .select({ status: comments.status, bodyHtml: comments.bodyHtml })
      .from(comments)
      .where(eq(comments.id, commentId))
      .for("update");
    if (!row) throw new AppError("NOT_FOUND", "No comment has that id.");
    const result = RESULT[action];
    if (result.status === "visible" && row.bodyHtml === "") {
      throw new AppError("CONFLICT", "Its author deleted this comment; there is nothing to show.");
    }
    await tx
      .update(comments)
      .set({ ...result, needsReview: false, updatedAt: now })
      .where(eq(comments.id, commentId));
    await recordAdminAction(tx, actor, "moderate-comment", {
      commentId,
      toolId: toolId,
      action,
      from: row.status,
      to: result.status,
    });
    await recomputeToolRatings(tx, [toolId], { isLocked: true });
    const [item] = await readModerationItems(tx, [commentId]);
    return { item: item! };
  });
}
