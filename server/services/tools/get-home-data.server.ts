import type { CategoryEntry } from "~/lib/category-stats";
import { FEATURED_TOOL_COUNT, RECENTLY_ADDED_LIMIT, TOP_TOOLS_LIMIT } from "~/lib/constants";
import type { ToolCard } from "~/lib/tool";
import type { CatalogueSnapshot } from "../../snapshot/snapshot.server";

export interface HomeData {
  taxonomy: readonly CategoryEntry[];
  total: number;
  featured: ToolCard[];
  recentlyAdded: ToolCard[];
  topTools: ToolCard[];
  /** True when no tool has a like yet and the top tools are the newest instead (spec 8). */
  isTopToolsFallback: boolean;
}

/**
 * The home page's reads (spec 7): the featured ids in their given order, the 20 newest online
 * tools, and the 5 most liked (ties go to the newer tool). With no liked tool at all, the top
 * tools fall back to the 5 newest, and the page says so (spec 8).
 */
export function getHomeData(snapshot: CatalogueSnapshot, featuredIds: readonly string[]): HomeData {
  const featured = featuredIds
    .slice(0, FEATURED_TOOL_COUNT)
    .map((id) => snapshot.byId.get(id))
    .filter((tool): tool is ToolCard => tool !== undefined);
  const recentlyAdded = snapshot.tools.slice(0, RECENTLY_ADDED_LIMIT);
  const isTopToolsFallback =
    snapshot.tools.length > 0 && snapshot.topTools.every((tool) => tool.likesTotal === 0);
  return {
    taxonomy: snapshot.taxonomy,
    total: snapshot.tools.length,
    featured,
    recentlyAdded,
    topTools: isTopToolsFallback
      ? snapshot.tools.slice(0, TOP_TOOLS_LIMIT)
      : snapshot.topTools.slice(0, TOP_TOOLS_LIMIT),
    isTopToolsFallback,
  };
}
