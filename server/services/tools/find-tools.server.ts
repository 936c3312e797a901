import type { ToolResults } from "~/lib/api/contract";
import { countCategories, toTaxonomy } from "~/lib/category-stats";
import {
  ALL_CATEGORIES,
  MAX_SEARCH_RESULTS,
  MIN_SEARCH_LENGTH,
  type SortOption,
} from "~/lib/constants";
import { searchCatalogue, type SearchOutcome } from "#server/search/search-catalogue.server";
import type { ToolCard } from "~/lib/tool";
import type { ToolQuery } from "~/lib/tool-query";
import type { CatalogueSnapshot } from "#server/snapshot/snapshot.server";

/** The tools the search found (at most 1000), in the wanted order. */
function searchedInOrder(
  snapshot: CatalogueSnapshot,
  outcome: SearchOutcome,
  sort: SortOption,
): readonly ToolCard[] {
  const docs = outcome.hits.map((hit) => hit.doc);
  if (sort !== "Relevance") {
    const rank = snapshot.rank[sort];
    docs.sort((a, b) => rank[a]! - rank[b]!);
  }
  return docs.map((doc) => snapshot.tools[doc]!);
}

/**
 * One page of online tools for the browse query, with facet counts. Works over the in-memory
 * snapshot, so its cost does not depend on the database.
 */
export function findTools(snapshot: CatalogueSnapshot, query: ToolQuery): ToolResults {
  const started = performance.now();
  const isSearching = query.search.trim().length >= MIN_SEARCH_LENGTH;
  const sort: SortOption = query.sort ?? (isSearching ? "Relevance" : "Newest");
  const pricing = query.pricing === "All Pricing" ? null : query.pricing;
  const subcategories = new Set(query.subcategory);
  const isPriced = (tool: ToolCard) => !pricing || tool.pricing.model === pricing;
  const isListed = (tool: ToolCard) =>
    (query.category === ALL_CATEGORIES || tool.category === query.category) &&
    (subcategories.size === 0 || (!!tool.subCategory && subcategories.has(tool.subCategory)));
  // Every page of one search (Load More's too) is cut from the same, possibly relaxed, list; a
  // suggested search must find tools these filters show.
  const isShown = (doc: number) => {
    const tool = snapshot.tools[doc]!;
    return isPriced(tool) && isListed(tool);
  };
  const outcome = isSearching
    ? searchCatalogue(snapshot.searchIndex, query.search, MAX_SEARCH_RESULTS, isShown)
    : null;
  const candidates = outcome
    ? searchedInOrder(snapshot, outcome, sort)
    : snapshot.sorted[sort === "Relevance" ? "Newest" : sort];

  // One pass: search and pricing decide what counts for the facets and the All chip; category
  // and subcategories then decide what is listed. Only the asked page is kept.
  const isNarrowed = isSearching || pricing !== null;
  const narrowed: ToolCard[] = [];
  let narrowedCount = 0;
  const page: ToolCard[] = [];
  let total = 0;
  for (const tool of candidates) {
    if (!isPriced(tool)) continue;
    narrowedCount++;
    if (isNarrowed) narrowed.push(tool);
    if (!isListed(tool)) continue;
    if (total >= query.offset && page.length < query.limit) page.push(tool);
    total++;
  }

  return {
    tools: page,
    total,
    totalInAllCategories: narrowedCount,
    facets: isNarrowed ? toTaxonomy(countCategories(narrowed)) : snapshot.taxonomy,
    sort,
    relaxedSearch: outcome?.relaxedSearch ?? null,
    suggestedSearch: outcome?.suggestedSearch ?? null,
    elapsedMs: Math.round((performance.now() - started) * 100) / 100,
  };
}
