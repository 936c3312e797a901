import { countCategories, toTaxonomy, type CategoryEntry } from "~/lib/category-stats";
import { ALL_CATEGORIES, MIN_SEARCH_LENGTH } from "~/lib/constants";
import type { ToolCard } from "~/lib/tool";
import type { ToolQuery } from "~/lib/tool-query";
import type { CatalogueSnapshot } from "../../catalogue/snapshot.server";

export interface ToolResults {
  tools: ToolCard[];
  /** How many tools match every filter. */
  total: number;
  /** How many match the search and pricing filters in any category (the All chip, spec 2). */
  totalInAllCategories: number;
  /** Category and subcategory counts of the tools that match the search and pricing filters. */
  facets: readonly CategoryEntry[];
  elapsedMs: number;
}

/** spec 9 Relevance, until the search issue brings the weighted score: exact name, then likes. */
function byRelevance(tools: ToolCard[], search: string): ToolCard[] {
  const exact = search.toLowerCase();
  return tools.sort(
    (a, b) =>
      Number(b.name.toLowerCase() === exact) - Number(a.name.toLowerCase() === exact) ||
      b.likesTotal - a.likesTotal,
  );
}

/**
 * One page of online tools for the browse query, with facet counts. Works over the in-memory
 * snapshot, so its cost does not depend on the database.
 */
export function findTools(snapshot: CatalogueSnapshot, query: ToolQuery): ToolResults {
  const started = performance.now();
  const search = query.search.trim();
  const isSearching = search.length >= MIN_SEARCH_LENGTH;
  const words = isSearching ? search.toLowerCase().split(/\s+/) : [];
  const pricing = query.pricing === "All Pricing" ? null : query.pricing;

  const sort = query.sort ?? (isSearching ? "Relevance" : "Newest");
  const subcategories = new Set(query.subcategory);

  // One pass over the tools in the wanted order: search and pricing decide what counts for the
  // facets and the All chip; category and subcategories then decide what is listed.
  const isNarrowed = isSearching || pricing !== null;
  const searched: ToolCard[] = [];
  let searchedCount = 0;
  const listed: ToolCard[] = [];
  for (const tool of snapshot.sorted[sort === "Relevance" ? "Newest" : sort]) {
    if (pricing && tool.pricing.model !== pricing) continue;
    if (words.length > 0) {
      const text = snapshot.searchText.get(tool.id) ?? "";
      if (!words.every((word) => text.includes(word))) continue;
    }
    searchedCount++;
    if (isNarrowed) searched.push(tool);
    if (query.category !== ALL_CATEGORIES && tool.category !== query.category) continue;
    if (subcategories.size > 0 && !(tool.subCategory && subcategories.has(tool.subCategory))) {
      continue;
    }
    listed.push(tool);
  }
  const sorted = sort === "Relevance" ? byRelevance(listed, search) : listed;

  return {
    tools: sorted.slice(query.offset, query.offset + query.limit),
    total: sorted.length,
    totalInAllCategories: searchedCount,
    facets: isNarrowed ? toTaxonomy(countCategories(searched)) : snapshot.taxonomy,
    elapsedMs: Math.round((performance.now() - started) * 100) / 100,
  };
}
