import { and, desc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.server";
import { toolLikes } from "#server/db/schema";

/**
 * The ids of the tools a person actively likes, the latest liked first (the live like
 * state's starting point, and the account page's list).
 */
export async function listLikedToolIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ toolId: toolLikes.toolId })
    .from(toolLikes)
    .where(and(eq(toolLikes.userId, userId), eq(toolLikes.isActive, true)))
    .orderBy(desc(toolLikes.updatedAt));
  return rows.map((row) => row.toolId);
}
