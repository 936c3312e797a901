import {
  countCategories,
  toTaxonomy,
  type CategoryEntry,
  type CategoryStats,
} from "~/lib/category-stats";
import { TOP_TOOLS_LIMIT } from "~/lib/constants";
import type { ToolCard } from "~/lib/tool";

/**
 * Every online tool in list shape, held in memory so that pages never wait on the database for
 * the catalogue (DESIGN.md 4). Immutable: a change builds a new snapshot.
 */
export interface CatalogueSnapshot {
  /** Online tools, newest first. */
  tools: readonly ToolCard[];
  byId: ReadonlyMap<string, ToolCard>;
  bySlug: ReadonlyMap<string, ToolCard>;
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
  return {
    tools,
    byId: new Map(tools.map((tool) => [tool.id, tool])),
    bySlug: new Map(tools.map((tool) => [tool.slug, tool])),
    // Stable sort over the newest-first list, so ties keep the newer tool first.
    topTools: [...tools].sort((a, b) => b.likesTotal - a.likesTotal).slice(0, TOP_TOOLS_LIMIT),
    stats,
    taxonomy: toTaxonomy(stats),
    builtAt: new Date(),
  };
}
