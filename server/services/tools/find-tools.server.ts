import { countCategories, toTaxonomy, type CategoryEntry } from "~/lib/category-stats";
import { ALL_CATEGORIES, MIN_SEARCH_LENGTH, type SortOption } from "~/lib/constants";
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

const SORT_KEYS: Record<Exclude<SortOption, "Relevance" | "Newest">, (tool: ToolCard) => number> = {
  "Most Liked": (tool) => tool.likesTotal,
  "Most Viewed": (tool) => tool.views,
  Rating: (tool) => tool.ratingAvg,
};

function matchesWords(tool: ToolCard, words: string[]): boolean {
  const text = `${tool.name} ${tool.category ?? ""} ${tool.subCategory ?? ""} ${tool.cardDescription}`;
  const haystack = text.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

function sortTools(tools: ToolCard[], sort: SortOption, search: string): ToolCard[] {
  // The snapshot is already newest first.
  if (sort === "Newest") return tools;
  if (sort === "Relevance") {
    const exact = search.toLowerCase();
    return tools.sort(
      (a, b) =>
        Number(b.name.toLowerCase() === exact) - Number(a.name.toLowerCase() === exact) ||
        b.likesTotal - a.likesTotal,
    );
  }
  const key = SORT_KEYS[sort];
  // spec 9: every sort is descending; ties keep the snapshot's newest-first order.
  return tools.sort((a, b) => {
    const left = key(a);
    const right = key(b);
    return left < right ? 1 : left > right ? -1 : 0;
  });
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

  const isNarrowed = isSearching || pricing !== null;
  const searched = isNarrowed
    ? snapshot.tools.filter(
        (tool) =>
          (!isSearching || matchesWords(tool, words)) &&
          (!pricing || tool.pricing.model === pricing),
      )
    : snapshot.tools;
  const subcategories = new Set(query.subcategory);
  const filtered = searched.filter(
    (tool) =>
      (query.category === ALL_CATEGORIES || tool.category === query.category) &&
      (subcategories.size === 0 ||
        (tool.subCategory !== null && subcategories.has(tool.subCategory))),
  );
  const sort = query.sort ?? (isSearching ? "Relevance" : "Newest");
  const sorted = sortTools(filtered, sort, search);

  return {
    tools: sorted.slice(query.offset, query.offset + query.limit),
    total: sorted.length,
    totalInAllCategories: searched.length,
    facets: isNarrowed ? toTaxonomy(countCategories(searched)) : snapshot.taxonomy,
    elapsedMs: Math.round((performance.now() - started) * 100) / 100,
  };
}
