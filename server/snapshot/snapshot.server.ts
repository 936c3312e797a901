import {
  countCategories,
  toTaxonomy,
  type CategoryEntry,
  type CategoryStats,
} from "~/lib/category-stats";
import { TOP_TOOLS_LIMIT, type SortOption } from "~/lib/constants";
import { buildSearchIndex, type SearchDocument, type SearchIndex } from "~/lib/search/search-index";
import { slugify } from "~/lib/slug";
import type { ToolCard } from "~/lib/tool";

/** The sorts with a fixed order; Relevance depends on the query. */
export type FixedSort = Exclude<SortOption, "Relevance">;

/** The value each counted sort orders by, highest first. */
export const SORT_VALUE: Record<Exclude<FixedSort, "Newest">, (tool: ToolCard) => number> = {
  "Most Liked": (tool) => tool.likesTotal,
  "Most Viewed": (tool) => tool.views,
  Rating: (tool) => tool.ratingAvg,
};

/**
 * The text of a tool that is searched but not shown on cards (spec 5 weighted fields). The card
 * description is as stored: the spec's default description is for showing, not for finding.
 */
export type ToolSearchText = Pick<
  SearchDocument,
  "cardDescription" | "hashtags" | "keyFeatures" | "longDescription" | "seo"
>;

const NO_SEARCH_TEXT: Omit<ToolSearchText, "cardDescription"> = {
  hashtags: [],
  keyFeatures: [],
  longDescription: "",
  seo: { titleTag: "", metaDescription: "" },
};

/**
 * Every online tool in list shape, held in memory so that pages never wait on the database for
 * the catalogue (DESIGN.md 4). Immutable: a change builds a new snapshot.
 */
export interface CatalogueSnapshot {
  /** Online tools, newest first. Positions in this list are the search index's documents. */
  tools: readonly ToolCard[];
  byId: ReadonlyMap<string, ToolCard>;
  bySlug: ReadonlyMap<string, ToolCard>;
  /** Tools by their name as a slug (the newest when names repeat), for /tool/... addresses. */
  byNameSlug: ReadonlyMap<string, ToolCard>;
  /** Every online tool in each fixed sort order, so a query filters instead of sorting. */
  sorted: Readonly<Record<FixedSort, readonly ToolCard[]>>;
  /** Each tool's place (by its position in `tools`) in every fixed sort order. */
  rank: Readonly<Record<FixedSort, Uint32Array>>;
  searchIndex: SearchIndex;
  /** The most liked tools, ties newest first (spec 7 top tools). */
  topTools: readonly ToolCard[];
  stats: CategoryStats;
  taxonomy: readonly CategoryEntry[];
  builtAt: Date;
}

/** spec 9: every sort is descending; a stable sort over the newest-first list breaks ties. */
function sortedBy(order: readonly number[], tools: readonly ToolCard[], sort: FixedSort): number[] {
  if (sort === "Newest") return [...order];
  const value = SORT_VALUE[sort];
  return [...order].sort((a, b) => value(tools[b]!) - value(tools[a]!));
}

export function buildSnapshot(
  cards: readonly ToolCard[],
  searchText: ReadonlyMap<string, ToolSearchText> = new Map(),
): CatalogueSnapshot {
  const tools = [...cards].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id),
  );
  const positions = tools.map((_, i) => i);
  const sorted = {} as Record<FixedSort, readonly ToolCard[]>;
  const rank = {} as Record<FixedSort, Uint32Array>;
  for (const sort of ["Newest", "Most Liked", "Most Viewed", "Rating"] as const) {
    const order = sortedBy(positions, tools, sort);
    sorted[sort] = order.map((position) => tools[position]!);
    rank[sort] = new Uint32Array(tools.length);
    order.forEach((position, place) => (rank[sort][position] = place));
  }
  const stats = countCategories(tools);
  return {
    tools,
    byId: new Map(tools.map((tool) => [tool.id, tool])),
    bySlug: new Map(tools.map((tool) => [tool.slug, tool])),
    byNameSlug: new Map([...tools].reverse().map((tool) => [slugify(tool.name), tool])),
    sorted,
    rank,
    searchIndex: buildSearchIndex(
      tools.map((tool) => ({ ...tool, ...(searchText.get(tool.id) ?? NO_SEARCH_TEXT) })),
    ),
    topTools: sorted["Most Liked"].slice(0, TOP_TOOLS_LIMIT),
    stats,
    taxonomy: toTaxonomy(stats),
    builtAt: new Date(),
  };
}
