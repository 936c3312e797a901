import { FEATURED_TOOL_COUNT, RECENTLY_ADDED_LIMIT, TOP_TOOLS_LIMIT } from "~/lib/constants";
import type { CompactTool, ToolCard, TopTool } from "~/lib/tool";
import type { CatalogueSnapshot } from "#server/snapshot/snapshot.server";

/**
 * What the home page renders, and nothing more: every field here is read by a component (the
 * page's HTML carries this data a second time, for hydration).
 */
export interface HomeData {
  categories: { name: string; count: number }[];
  /** The subcategories with the most tools, for the ticker. */
  popularSubcategories: string[];
  total: number;
  featured: ToolCard[];
  recentlyAdded: CompactTool[];
  topTools: TopTool[];
  /** True when no tool has a like yet and the top tools are the newest instead. */
  isTopToolsFallback: boolean;
}

const TICKER_SIZE = 24;

// Worked out once per taxonomy (a snapshot keeps its taxonomy until the catalogue changes).
const popularByTaxonomy = new WeakMap<CatalogueSnapshot["taxonomy"], string[]>();

/** The subcategory ticker's names, most tools first; a name used in several categories counts once. */
function popularSubcategoriesOf(taxonomy: CatalogueSnapshot["taxonomy"]): string[] {
  const known = popularByTaxonomy.get(taxonomy);
  if (known) return known;
  const countByName = new Map<string, number>();
  for (const sub of taxonomy.flatMap((category) => category.subcategories)) {
    countByName.set(sub.name, (countByName.get(sub.name) ?? 0) + sub.count);
  }
  const popular = [...countByName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TICKER_SIZE)
    .map(([name]) => name);
  popularByTaxonomy.set(taxonomy, popular);
  return popular;
}

const compactOf = ({ id, slug, name, category, subCategory, image }: ToolCard): CompactTool => ({
  id,
  slug,
  name,
  category,
  subCategory,
  image,
});

const topToolOf = (tool: ToolCard): TopTool => ({
  ...compactOf(tool),
  cardDescription: tool.cardDescription,
  likesTotal: tool.likesTotal,
});

/**
 * The home page's reads: the featured ids in their given order, the 20 newest online
 * tools, and the 5 most liked (ties go to the newer tool). With no liked tool at all, the top
 * tools fall back to the 5 newest, and the page says so.
 */
export function getHomeData(snapshot: CatalogueSnapshot, featuredIds: readonly string[]): HomeData {
  const featured = featuredIds
    .slice(0, FEATURED_TOOL_COUNT)
    .map((id) => snapshot.byId.get(id))
    .filter((tool): tool is ToolCard => tool !== undefined);
  const isTopToolsFallback =
    snapshot.tools.length > 0 && snapshot.topTools.every((tool) => tool.likesTotal === 0);
  const topTools = isTopToolsFallback ? snapshot.tools : snapshot.topTools;
  return {
    categories: snapshot.taxonomy.map(({ name, count }) => ({ name, count })),
    popularSubcategories: popularSubcategoriesOf(snapshot.taxonomy),
    total: snapshot.tools.length,
    featured,
    recentlyAdded: snapshot.tools.slice(0, RECENTLY_ADDED_LIMIT).map(compactOf),
    topTools: topTools.slice(0, TOP_TOOLS_LIMIT).map(topToolOf),
    isTopToolsFallback,
  };
}
