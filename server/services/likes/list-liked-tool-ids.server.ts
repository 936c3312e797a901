import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { toolLikes } from "../../db/schema";

/** spec 7: the ids of the tools a person actively likes (the live like state's starting point). */
export async function listLikedToolIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ toolId: toolLikes.toolId })
    .from(toolLikes)
    .where(and(eq(toolLikes.userId, userId), eq(toolLikes.isActive, true)));
  return rows.map((row) => row.toolId);
}
