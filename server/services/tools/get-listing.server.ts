import { subCategoryPath } from "~/lib/paths";
import type { ToolQuery } from "~/lib/tool-query";
import type { CatalogueSnapshot } from "#server/snapshot/snapshot.server";
import { findTools } from "./find-tools.server";

const TICKER_SIZE = 24;

/**
 * Everything a listing page shows: one page of tools with facet counts, the categories to
 * highlight for the chosen subcategories and the most populated subcategories for the
 * ticker.
 */
export function getListing(snapshot: CatalogueSnapshot, query: ToolQuery) {
  const chosen = new Set(query.subcategory);
  const category = snapshot.taxonomy.find((entry) => entry.name === query.category);
  return {
    query,
    ...findTools(snapshot, query),
    highlightedCategories: snapshot.taxonomy
      .filter((category) => category.subcategories.some((sub) => chosen.has(sub.name)))
      .map((category) => category.name),
    ticker: snapshot.taxonomy
      .flatMap((category) =>
        category.subcategories.map((sub) => ({
          name: sub.name,
          count: sub.count,
          href: subCategoryPath(category.name, sub.name),
        })),
      )
      .sort((a, b) => b.count - a.count)
      .slice(0, TICKER_SIZE)
      .map(({ name, href }) => ({ name, href })),
    subcategoryPages: category?.subcategories.map((sub) => sub.name) ?? [],
  };
}
