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
}

/**
 * The home page's reads (spec 7): the featured ids in their given order, the 20 newest online
 * tools, and the 5 most liked (ties go to the newer tool). The snapshot always holds likes_total,
 * so the spec's fallback to the newest tools is only ever the empty list here.
 */
export function getHomeData(snapshot: CatalogueSnapshot, featuredIds: readonly string[]): HomeData {
  const featured = featuredIds
    .slice(0, FEATURED_TOOL_COUNT)
    .map((id) => snapshot.byId.get(id))
    .filter((tool): tool is ToolCard => tool !== undefined);
  const recentlyAdded = snapshot.tools.slice(0, RECENTLY_ADDED_LIMIT);
  return {
    taxonomy: snapshot.taxonomy,
    total: snapshot.tools.length,
    featured,
    recentlyAdded,
    topTools: snapshot.topTools.slice(0, TOP_TOOLS_LIMIT),
  };
}
