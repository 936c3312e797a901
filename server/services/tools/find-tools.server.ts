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
import { comparablePriceOf, type CatalogueSnapshot } from "#server/snapshot/snapshot.server";
import { catalogueFactFacets, FactCounter, factFacetsOf } from "./fact-facets.server";

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
  const { require, integrates, maxPrice } = query;
  const hasFactFilter = require.length > 0 || integrates.length > 0;
  const hasCeiling = maxPrice !== undefined;
  // Pricing, requirements and integrations (everything but the ceiling, which needs a price).
  const isPriced = (tool: ToolCard) =>
    (!pricing || tool.pricing.model === pricing) &&
    (!hasFactFilter ||
      (require.every((key) => tool.meets.includes(key)) &&
        integrates.every((key) => tool.integrations.includes(key))));
  const isUnderCeiling = (tool: ToolCard) => {
    if (!hasCeiling) return true;
    const price = comparablePriceOf(tool);
    return price !== null && price <= maxPrice;
  };
  const isListed = (tool: ToolCard) =>
    (query.category === ALL_CATEGORIES || tool.category === query.category) &&
    (subcategories.size === 0 || (!!tool.subCategory && subcategories.has(tool.subCategory)));
  // Every page of one search (Load More's too) is cut from the same, possibly relaxed, list; a
  // suggested search must find tools these filters show.
  const isShown = (doc: number) => {
    const tool = snapshot.tools[doc]!;
    return isPriced(tool) && isUnderCeiling(tool) && isListed(tool);
  };
  const outcome = isSearching
    ? searchCatalogue(snapshot.searchIndex, query.search, MAX_SEARCH_RESULTS, isShown)
    : null;
  const candidates = outcome
    ? searchedInOrder(snapshot, outcome, sort)
    : snapshot.sorted[sort === "Relevance" ? "Newest" : sort];

  // One pass: search, pricing, requirements, integrations and the ceiling decide what counts for
  // the category facets and the All chip; category and subcategories then decide what is listed,
  // and what is listed is counted for the requirement and integration facets. Only the asked
  // page is kept.
  const isNarrowed = isSearching || pricing !== null || hasFactFilter || hasCeiling;
  const isWholeCatalogue =
    !isNarrowed && query.category === ALL_CATEGORIES && subcategories.size === 0;
  const counter = isWholeCatalogue ? null : new FactCounter();
  const narrowed: ToolCard[] = [];
  let narrowedCount = 0;
  let unpricedCount = 0;
  const page: ToolCard[] = [];
  let total = 0;
  for (const tool of candidates) {
    if (!isPriced(tool)) continue;
    if (!isUnderCeiling(tool)) {
      if (comparablePriceOf(tool) === null && isListed(tool)) unpricedCount++;
      continue;
    }
    narrowedCount++;
    if (isNarrowed) narrowed.push(tool);
    if (!isListed(tool)) continue;
    counter?.add(tool);
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
    ...(counter ? factFacetsOf(counter) : catalogueFactFacets(snapshot.tools)),
    unpricedCount: hasCeiling ? unpricedCount : null,
    elapsedMs: Math.round((performance.now() - started) * 100) / 100,
  };
}
