import {
  countCategories,
  toTaxonomy,
  type CategoryEntry,
  type CategoryStats,
} from "~/lib/category-stats";
import { TOP_TOOLS_LIMIT, type SortOption } from "~/lib/constants";
import type { ToolCard } from "~/lib/tool";

/** The sorts with a fixed order; Relevance depends on the query. */
export type FixedSort = Exclude<SortOption, "Relevance">;

const SORT_VALUE: Record<Exclude<FixedSort, "Newest">, (tool: ToolCard) => number> = {
  "Most Liked": (tool) => tool.likesTotal,
  "Most Viewed": (tool) => tool.views,
  Rating: (tool) => tool.ratingAvg,
};

/** spec 9: every sort is descending; a stable sort over the newest-first list breaks ties. */
function sortedBy(tools: readonly ToolCard[], value: (tool: ToolCard) => number): ToolCard[] {
  return [...tools].sort((a, b) => value(b) - value(a));
}

/**
 * Every online tool in list shape, held in memory so that pages never wait on the database for
 * the catalogue (DESIGN.md 4). Immutable: a change builds a new snapshot.
 */
export interface CatalogueSnapshot {
  /** Online tools, newest first. */
  tools: readonly ToolCard[];
  byId: ReadonlyMap<string, ToolCard>;
  bySlug: ReadonlyMap<string, ToolCard>;
  /** Every online tool in each fixed sort order, so a query filters instead of sorting. */
  sorted: Readonly<Record<FixedSort, readonly ToolCard[]>>;
  /** Lower-cased text of each tool (by id) for word search. */
  searchText: ReadonlyMap<string, string>;
  /** The most liked tools, ties newest first (spec 7 top tools). */
  topTools: readonly ToolCard[];
  stats: CategoryStats;
  taxonomy: readonly CategoryEntry[];
  builtAt: Date;
}

export function buildSnapshot(cards: readonly ToolCard[]): CatalogueSnapshot {
  const tools = [...cards].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id),
  );
  const stats = countCategories(tools);
  const sorted = {
    Newest: tools,
    "Most Liked": sortedBy(tools, SORT_VALUE["Most Liked"]),
    "Most Viewed": sortedBy(tools, SORT_VALUE["Most Viewed"]),
    Rating: sortedBy(tools, SORT_VALUE.Rating),
  };
  return {
    tools,
    byId: new Map(tools.map((tool) => [tool.id, tool])),
    bySlug: new Map(tools.map((tool) => [tool.slug, tool])),
    sorted,
    searchText: new Map(
      tools.map((tool) => [
        tool.id,
        `${tool.name} ${tool.category ?? ""} ${tool.subCategory ?? ""} ${tool.cardDescription}`.toLowerCase(),
      ]),
    ),
    topTools: sorted["Most Liked"].slice(0, TOP_TOOLS_LIMIT),
    stats,
    taxonomy: toTaxonomy(stats),
    builtAt: new Date(),
  };
}
