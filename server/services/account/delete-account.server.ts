import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { authUsers, toolLikes, tools } from "../../db/schema";

/**
 * Deletes an account in one transaction: its likes (lowering each liked tool's likes_total), then
 * the user, whose profile, sign-in methods and sessions go with it.
 */
export async function deleteAccount(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const liked = tx
      .select({ toolId: toolLikes.toolId })
      .from(toolLikes)
      .where(and(eq(toolLikes.userId, userId), eq(toolLikes.isActive, true)));
    await tx
      .update(tools)
      .set({ likesTotal: sql`greatest(${tools.likesTotal} - 1, 0)` })
      .where(sql`${tools.id} in ${liked}`);
    await tx.delete(toolLikes).where(eq(toolLikes.userId, userId));
    await tx.delete(authUsers).where(eq(authUsers.id, userId));
  });
}
