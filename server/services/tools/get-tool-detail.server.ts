import { and, eq, sql } from "drizzle-orm";
import type { ToolDetail } from "~/lib/tool";
import type { Database } from "#server/db/client.server";
import { tools } from "#server/db/schema";
import { toToolDetail } from "#server/snapshot/tool-shapes.server";

function prepareToolRead(db: Database) {
  return db
    .select()
    .from(tools)
    .where(and(eq(tools.id, sql.placeholder("id")), eq(tools.status, "online")))
    .limit(1)
    .prepare("read_tool_detail");
}

// Prepared once per database: Drizzle builds the query once, not on every tool page (half the
// read's time on PGlite), and PostgreSQL plans the named statement once per connection.
const toolReads = new WeakMap<Database, ReturnType<typeof prepareToolRead>>();

/** The full record of an online tool, or null when there is none with that id. */
export async function getToolDetail(db: Database, id: string): Promise<ToolDetail | null> {
  let read = toolReads.get(db);
  if (!read) {
    read = prepareToolRead(db);
    toolReads.set(db, read);
  }
  const [row] = await read.execute({ id });
  return row ? toToolDetail(row) : null;
}
