import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { tools } from "../../db/schema";

/**
 * spec 7 incrementViews: one more view of an online tool. False when there is no such tool.
 * The catalogue snapshot shows the new count once it is next rebuilt.
 */
export async function recordView(db: Database, toolId: string): Promise<boolean> {
  const updated = await db
    .update(tools)
    .set({ views: sql`${tools.views} + 1` })
    .where(and(eq(tools.id, toolId), eq(tools.status, "online")))
    .returning({ id: tools.id });
  return updated.length > 0;
}
