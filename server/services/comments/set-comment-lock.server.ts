import { eq } from "drizzle-orm";
import type { CommentLockState } from "~/lib/api/contract";
import type { Database } from "#server/db/client.server";
import { lockInOrder } from "#server/db/lock-tool-rows.server";
import { commentLocks, tools } from "#server/db/schema";
import { AppError } from "#server/core/errors.server";
import { recordAdminAction, type Actor } from "../admin/record-admin-action.server";
import { recomputeToolRatings } from "./recompute-tool-ratings.server";

/**
 * PUT /api/admin/tools/:id/comment-lock: a locked tool takes no new comments, replies,
 * edits or rating changes. Audited; open pages hear it through the tool's `comments` event.
 */
export async function setCommentLock(
  db: Database,
  actor: Actor,
  toolId: string,
  isLocked: boolean,
  now: Date,
): Promise<CommentLockState> {
  return db.transaction(async (tx) => {
    await lockInOrder(tx, [toolId]);
    const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId));
    if (!tool) throw new AppError("NOT_FOUND", "No tool has that id.");
    if (isLocked) {
      await tx
        .insert(commentLocks)
        .values({ toolId, lockedBy: actor.email, lockedAt: now })
        .onConflictDoNothing();
    } else {
      await tx.delete(commentLocks).where(eq(commentLocks.toolId, toolId));
    }
    await recordAdminAction(tx, actor, "set-comment-lock", { toolId, locked: isLocked });
    await recomputeToolRatings(tx, [toolId], { isLocked: true });
    return { isLocked };
  });
}
