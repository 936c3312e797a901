import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.server";
import { queryRows } from "#server/db/query-rows.server";
import { authUsers } from "#server/db/schema";
import { notifyLive } from "#server/live/live-events.server";
import { removeAuthorComments } from "../comments/remove-author-comments.server";

/**
 * Deletes an account in one transaction: its likes, lowering each liked tool's likes_total by
 * exactly the likes removed (taken from the deleted rows, so a like landing meanwhile is counted
 * right), then the user, whose profile, sign-in methods and sessions go with it. Every server's
 * snapshot hears the new counts. Their comments and reports go too, and the ratings of the tools
 * they commented on are recomputed (decision 017).
 */
export async function deleteAccount(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const lowered = await queryRows<{ id: string; likes_total: number }>(
      tx,
      sql`
      with removed as (
        delete from tool_likes where user_id = ${userId} returning tool_id, is_active
      )
      update tools set likes_total = greatest(tools.likes_total - 1, 0)
      from removed
      where tools.id = removed.tool_id and removed.is_active
      returning tools.id, tools.likes_total`,
    );
    await removeAuthorComments(tx, userId);
    await tx.delete(authUsers).where(eq(authUsers.id, userId));
    for (const tool of lowered) {
      await notifyLive(tx, {
        type: "like",
        toolId: tool.id,
        likesTotal: Number(tool.likes_total),
        userId,
        isLiked: false,
      });
    }
  });
}
