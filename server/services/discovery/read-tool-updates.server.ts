import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { tools } from "../../db/schema";

/**
 * When each online tool last changed (updated_at), by id: of every online tool in one query, or
 * of only these. The snapshot's cards carry no update time.
 */
export async function readToolUpdates(
  db: Database,
  ids?: readonly string[],
): Promise<Map<string, Date>> {
  if (ids?.length === 0) return new Map();
  const online = eq(tools.status, "online");
  const rows = await db
    .select({ id: tools.id, updatedAt: tools.updatedAt })
    .from(tools)
    .where(ids ? and(online, inArray(tools.id, [...ids])) : online);
  return new Map(rows.map((row) => [row.id, row.updatedAt]));
}
