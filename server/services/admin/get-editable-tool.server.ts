import { eq } from "drizzle-orm";
import { toolPath } from "~/lib/paths";
import { isToolId } from "~/lib/tool";
import type { EditableTool } from "~/lib/tool-input";
import type { Database } from "#server/db/client.server";
import { tools } from "#server/db/schema";
import { rowToInput } from "./tool-input-rows.server";

/** A tool as the edit form shows it, whatever its status; null when there is no such tool. */
export async function getEditableTool(db: Database, id: string): Promise<EditableTool | null> {
  if (!isToolId(id)) return null;
  const [row] = await db.select().from(tools).where(eq(tools.id, id));
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    publicPath: toolPath(row),
    updatedAt: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    source: row.source,
    input: rowToInput(row),
  };
}
