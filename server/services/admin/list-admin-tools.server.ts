import { and, asc, count, desc, eq, ilike, isNotNull, type SQL } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, type AdminToolList, type AdminToolsQuery } from "~/lib/admin-tools-query";
import { TOOL_STATUSES } from "~/lib/constants";
import type { Database } from "#server/db/client.server";
import { tools } from "#server/db/schema";
import { linkedToolColumns } from "#server/snapshot/tool-shapes.server";

const ORDER: Record<AdminToolsQuery["sort"], SQL[]> = {
  created: [desc(tools.createdAt), asc(tools.id)],
  name: [asc(tools.name), asc(tools.id)],
  likes: [desc(tools.likesTotal), desc(tools.createdAt), asc(tools.id)],
  views: [desc(tools.views), desc(tools.createdAt), asc(tools.id)],
  rating: [desc(tools.ratingAvg), desc(tools.createdAt), asc(tools.id)],
};

/** Escapes LIKE's wildcards, so a search for "100%" means those characters. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Every tool whatever its status, searched, filtered, sorted and paged. */
export async function listAdminTools(db: Database, query: AdminToolsQuery): Promise<AdminToolList> {
  const conditions = [
    query.search ? ilike(tools.name, likePattern(query.search)) : undefined,
    query.category ? eq(tools.category, query.category) : undefined,
    query.status ? eq(tools.status, query.status) : undefined,
    query.pricing ? eq(tools.pricingModel, query.pricing) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [rows, [matching], byStatus, categories] = await Promise.all([
    db
      .select({
        ...linkedToolColumns,
        status: tools.status,
        pricingModel: tools.pricingModel,
        likesTotal: tools.likesTotal,
        views: tools.views,
        ratingAvg: tools.ratingAvg,
        createdAt: tools.createdAt,
        source: tools.source,
      })
      .from(tools)
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ total: count() }).from(tools).where(where),
    db.select({ status: tools.status, total: count() }).from(tools).groupBy(tools.status),
    db
      .selectDistinct({ category: tools.category })
      .from(tools)
      .where(isNotNull(tools.category))
      .orderBy(asc(tools.category)),
  ]);
  const total = Number(matching?.total ?? 0);
  const counts = Object.fromEntries(
    TOOL_STATUSES.map((status) => [status, 0]),
  ) as AdminToolList["counts"];
  for (const row of byStatus) counts[row.status] = Number(row.total);
  return {
    tools: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
    counts,
    categories: categories.flatMap((row) => (row.category ? [row.category] : [])),
  };
}
