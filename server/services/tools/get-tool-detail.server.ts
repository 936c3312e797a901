import { and, eq } from "drizzle-orm";
import type { ToolDetail } from "~/lib/tool";
import type { Database } from "../../db/client.server";
import { tools } from "../../db/schema";
import { toToolDetail } from "./tool-shapes.server";

/** The full record of an online tool, or null when there is none with that id. */
export async function getToolDetail(db: Database, id: string): Promise<ToolDetail | null> {
  const row = await db.query.tools.findFirst({
    where: and(eq(tools.id, id), eq(tools.status, "online")),
  });
  return row ? toToolDetail(row) : null;
}
