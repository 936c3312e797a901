import { asc, isNotNull, sql } from "drizzle-orm";
import type { TaxonomySuggestion } from "~/lib/tool-input";
import type { Database } from "#server/db/client.server";
import { tools } from "#server/db/schema";

/** Every category and subcategory in use, drafts and offline tools included (form suggestions). */
export async function listTaxonomySuggestions(db: Database): Promise<TaxonomySuggestion[]> {
  const rows = await db
    .selectDistinct({ category: sql<string>`${tools.category}`, subCategory: tools.subCategory })
    .from(tools)
    .where(isNotNull(tools.category))
    .orderBy(asc(tools.category), asc(tools.subCategory));
  const byCategory = new Map<string, string[]>();
  for (const { category, subCategory } of rows) {
    const subcategories = byCategory.get(category) ?? [];
    if (subCategory) subcategories.push(subCategory);
    byCategory.set(category, subcategories);
  }
  return [...byCategory].map(([category, subcategories]) => ({ category, subcategories }));
}
