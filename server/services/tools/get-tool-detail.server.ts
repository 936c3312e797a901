import { and, eq, sql } from "drizzle-orm";
import type { ToolDetail } from "~/lib/tool";
import { tools } from "../../db/schema";
import type { Database } from "../../db/client.server";
import { preparedPerDatabase } from "./prepared-per-database.server";
import { toToolDetail } from "./tool-shapes.server";

const readTool = preparedPerDatabase((db) =>
  db
    .select()
    .from(tools)
    .where(and(eq(tools.id, sql.placeholder("id")), eq(tools.status, "online")))
    .limit(1)
    .prepare("read_tool_detail"),
);

/** The full record of an online tool, or null when there is none with that id. */
export async function getToolDetail(db: Database, id: string): Promise<ToolDetail | null> {
  const [row] = await readTool(db).execute({ id });
  return row ? toToolDetail(row) : null;
}
