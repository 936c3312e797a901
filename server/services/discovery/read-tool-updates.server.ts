import { and, eq, inArray, max, ne } from "drizzle-orm";
import { categoryPath, subCategoryPath } from "~/lib/paths";
import type { Database } from "#server/db/client.server";
import { adminAudit, tools } from "#server/db/schema";

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

/** When tools last left the public catalogue, for the lastmods of the pages they left. */
export interface CatalogueRemovals {
  /** The newest removal of any tool. */
  newest?: Date;
  /** The newest removal from each category and subcategory listing, by its path. */
  byListing: ReadonlyMap<string, Date>;
}

/**
 * When tools last left: a tool that is not online carries the time it was unpublished (or last
 * edited while hidden) in updated_at, by its category and subcategory; a deleted tool is known
 * only from the audit log, without its listing. One grouped query and one indexed one.
 */
export async function readCatalogueRemovals(db: Database): Promise<CatalogueRemovals> {
  const [hidden, [deleted]] = await Promise.all([
    db
      .select({
        category: tools.category,
        subCategory: tools.subCategory,
        newest: max(tools.updatedAt),
      })
      .from(tools)
      .where(ne(tools.status, "online"))
      .groupBy(tools.category, tools.subCategory),
    db
      .select({ newest: max(adminAudit.createdAt) })
      .from(adminAudit)
      .where(eq(adminAudit.action, "delete")),
  ]);
  const byListing = new Map<string, Date>();
  const note = (path: string, time: Date) => {
    const known = byListing.get(path);
    if (!known || time > known) byListing.set(path, time);
  };
  let newest = deleted?.newest ?? undefined;
  for (const row of hidden) {
    if (!row.newest) continue;
    if (!newest || row.newest > newest) newest = row.newest;
    if (!row.category) continue;
    note(categoryPath(row.category), row.newest);
    if (row.subCategory) note(subCategoryPath(row.category, row.subCategory), row.newest);
  }
  return { newest, byListing };
}
