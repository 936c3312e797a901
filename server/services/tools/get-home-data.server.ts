import type { CategoryEntry } from "~/lib/category-stats";
import { FEATURED_TOOL_COUNT, RECENTLY_ADDED_LIMIT, TOP_TOOLS_LIMIT } from "~/lib/constants";
import type { ToolCard } from "~/lib/tool";
import type { CatalogueSnapshot } from "../../catalogue/snapshot.server";

export interface HomeData {
  taxonomy: readonly CategoryEntry[];
  total: number;
  featured: ToolCard[];
  recentlyAdded: ToolCard[];
  topTools: ToolCard[];
  /** spec 7: true when no tool has likes yet and the newest tools stand in for the top tools. */
  isTopToolsFallback: boolean;
}

/**
 * The home page's reads (spec 7): the featured ids in their given order, the 20 newest online
 * tools, and the 5 most liked, falling back to the 5 newest when nothing is liked yet.
 */
export function getHomeData(snapshot: CatalogueSnapshot, featuredIds: readonly string[]): HomeData {
  const featured = featuredIds
    .slice(0, FEATURED_TOOL_COUNT)
    .map((id) => snapshot.byId.get(id))
    .filter((tool): tool is ToolCard => tool !== undefined);
  const recentlyAdded = snapshot.tools.slice(0, RECENTLY_ADDED_LIMIT);
  const liked = snapshot.tools
    .filter((tool) => tool.likesTotal > 0)
    .sort((a, b) => b.likesTotal - a.likesTotal)
    .slice(0, TOP_TOOLS_LIMIT);
  const isTopToolsFallback = liked.length === 0;
  return {
    taxonomy: snapshot.taxonomy,
    total: snapshot.tools.length,
    featured,
    recentlyAdded,
    topTools: isTopToolsFallback ? snapshot.tools.slice(0, TOP_TOOLS_LIMIT) : liked,
    isTopToolsFallback,
  };
}
