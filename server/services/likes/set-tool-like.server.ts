import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { toolLikes, tools } from "../../db/schema";
import { notifyLive } from "../../live/live-events.server";

export interface LikeState {
  likesTotal: number;
  isLiked: boolean;
}

/**
 * spec 7 likeTool / unlikeTool: sets whether a person likes an online tool. The like row and the
 * tool's likes_total change in one transaction, and only when the state really changes, so a
 * repeat is a no-op and concurrent requests never lose or double-count. Null for an unknown or
 * offline tool.
 */
export async function setToolLike(
  db: Database,
  { userId, toolId, isLiked }: { userId: string; toolId: string; isLiked: boolean },
): Promise<LikeState | null> {
  return db.transaction(async (tx) => {
    const [tool] = await tx
      .select({ status: tools.status })
      .from(tools)
      .where(eq(tools.id, toolId))
      .for("share");
    if (tool?.status !== "online") return null;

    const changed = isLiked
      ? await tx
          .insert(toolLikes)
          .values({ userId, toolId, isActive: true })
          .onConflictDoUpdate({
            target: [toolLikes.userId, toolLikes.toolId],
            set: { isActive: true, updatedAt: sql`now()` },
            setWhere: eq(toolLikes.isActive, false),
          })
          .returning({ toolId: toolLikes.toolId })
      : await tx
          .update(toolLikes)
          .set({ isActive: false, updatedAt: sql`now()` })
          .where(
            and(
              eq(toolLikes.userId, userId),
              eq(toolLikes.toolId, toolId),
              eq(toolLikes.isActive, true),
            ),
          )
          .returning({ toolId: toolLikes.toolId });

    const step = changed.length === 0 ? 0 : isLiked ? 1 : -1;
    const [updated] = await tx
      .update(tools)
      .set({ likesTotal: sql`greatest(${tools.likesTotal} + ${step}, 0)` })
      .where(eq(tools.id, toolId))
      .returning({ likesTotal: tools.likesTotal });
    const likesTotal = updated!.likesTotal;
    if (step !== 0) {
      await notifyLive(tx, { type: "like", toolId, likesTotal, userId, isLiked });
    }
    return { likesTotal, isLiked };
  });
}
