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
import {
  INTEGRATION_WORDS,
  integrationMask,
  requirementMask,
} from "#server/snapshot/fact-index.server";
import { invert, type CatalogueSnapshot, type FixedSort } from "#server/snapshot/snapshot.server";
import { catalogueFactFacets, FactCounter, factFacetsOf } from "./fact-facets.server";

/** The positions of the tools the search found (at most 1000), in the wanted order. */
function searchedInOrder(
  snapshot: CatalogueSnapshot,
  outcome: SearchOutcome,
  sort: SortOption,
): Uint32Array {
  const docs = Uint32Array.from(outcome.hits, (hit) => hit.doc);
  if (sort !== "Relevance") {
    const rank = snapshot.rank[sort];
    docs.sort((a, b) => rank[a]! - rank[b]!);
  }
  return docs;
}

// Each snapshot's rank arrays never change, so each sort's order of positions is made once.
const orders = new WeakMap<Uint32Array, Uint32Array>();

/** Every position of the snapshot in a fixed sort's order. */
function positionsInOrder(snapshot: CatalogueSnapshot, sort: FixedSort): Uint32Array {
  const rank = snapshot.rank[sort];
  let order = orders.get(rank);
  if (!order) {
    order = invert(rank);
    orders.set(rank, order);
  }
  return order;
}

/**
 * One page of online tools for the browse query, with facet counts. Works over the in-memory
 * snapshot, so its cost does not depend on the database. The requirement, integration and price
 * filters read the snapshot's fact index (typed arrays by position), checked before the card.
 */
export function findTools(snapshot: CatalogueSnapshot, query: ToolQuery): ToolResults {
  const started = performance.now();
  const isSearching = query.search.trim().length >= MIN_SEARCH_LENGTH;
  const sort: SortOption = query.sort ?? (isSearching ? "Relevance" : "Newest");
  const pricing = query.pricing === "All Pricing" ? null : query.pricing;
  const subcategories = new Set(query.subcategory);
  const { requirements, integrations, prices } = snapshot.facts;
  const required = requirementMask(query.require);
  const integrated = integrationMask(query.integrates);
  const hasIntegrations = query.integrates.length > 0;
  const ceiling = query.maxPrice ?? null;
  // Pricing, requirements and integrations: everything but the ceiling, which needs a price.
  const isPriced = (position: number) => {
    if ((requirements[position]! & required) >>> 0 !== required) return false;
    if (hasIntegrations) {
      for (let word = 0; word < INTEGRATION_WORDS; word++) {
        const wanted = integrated[word]!;
        const has = integrations[position * INTEGRATION_WORDS + word]!;
        if ((has & wanted) >>> 0 !== wanted) return false;
      }
    }
    return !pricing || snapshot.tools[position]!.pricing.model === pricing;
  };
  // NaN (no comparable price) is never at most the ceiling.
  const isUnderCeiling = (position: number) => ceiling === null || prices[position]! <= ceiling;
  const isListed = (tool: ToolCard) =>
    (query.category === ALL_CATEGORIES || tool.category === query.category) &&
    (subcategories.size === 0 || (!!tool.subCategory && subcategories.has(tool.subCategory)));
  // Every page of one search (Load More's too) is cut from the same, possibly relaxed, list; a
  // suggested search must find tools these filters show.
  const isShown = (doc: number) =>
    isPriced(doc) && isUnderCeiling(doc) && isListed(snapshot.tools[doc]!);
  const outcome = isSearching
    ? searchCatalogue(snapshot.searchIndex, query.search, MAX_SEARCH_RESULTS, isShown)
    : null;
  const fixedSort: FixedSort = sort === "Relevance" ? "Newest" : sort;
  const candidates = outcome
    ? searchedInOrder(snapshot, outcome, sort)
    : positionsInOrder(snapshot, fixedSort);

  // One pass: search, pricing, requirements, integrations and the ceiling decide what counts for
  // the category facets and the All chip; category and subcategories then decide what is listed,
  // and what is listed is counted for the requirement and integration facets. Only the asked
  // page is kept.
  const isNarrowed =
    isSearching || pricing !== null || required !== 0 || hasIntegrations || ceiling !== null;
  const isWholeCatalogue =
    !isNarrowed && query.category === ALL_CATEGORIES && subcategories.size === 0;
  const counter = isWholeCatalogue ? null : new FactCounter(snapshot.facts);
  const narrowed: ToolCard[] = [];
  let narrowedCount = 0;
  let unpricedCount = 0;
  const page: ToolCard[] = [];
  let total = 0;
  for (const position of candidates) {
    if (!isPriced(position)) continue;
    if (!isUnderCeiling(position)) {
      if (Number.isNaN(prices[position]!) && isListed(snapshot.tools[position]!)) unpricedCount++;
      continue;
    }
    const tool = snapshot.tools[position]!;
    narrowedCount++;
    if (isNarrowed) narrowed.push(tool);
    if (!isListed(tool)) continue;
    counter?.add(position);
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
    ...(counter ? factFacetsOf(counter) : catalogueFactFacets(snapshot.facts)),
    unpricedCount: ceiling === null ? null : unpricedCount,
    elapsedMs: Math.round((performance.now() - started) * 100) / 100,
  };
}
