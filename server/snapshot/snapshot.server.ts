import {
  countCategories,
  toTaxonomy,
  type CategoryEntry,
  type CategoryStats,
} from "~/lib/category-stats";
import { TOP_TOOLS_LIMIT, type SortOption } from "~/lib/constants";
import {
  buildSearchIndex,
  type SearchDocument,
  type SearchIndex,
} from "../search/search-index.server";
import { slugify } from "~/lib/slug";
import type { ToolCard } from "~/lib/tool";
import { comparablePriceOf, indexFacts, type FactIndex } from "./fact-index.server";
import { factSearchPhrases } from "./fact-search-words.server";
import { LayeredMap } from "./layered-map.server";

/** The sorts with a fixed order; Relevance depends on the query. */
export type FixedSort = Exclude<SortOption, "Relevance">;

export const FIXED_SORTS: readonly FixedSort[] = [
  "Newest",
  "Most Liked",
  "Most Viewed",
  "Rating",
  "Lowest price",
];

/** The value each sort but Newest orders by, highest first. */
export const SORT_VALUE: Record<Exclude<FixedSort, "Newest">, (tool: ToolCard) => number> = {
  "Most Liked": (tool) => tool.likesTotal,
  "Most Viewed": (tool) => tool.views,
  Rating: (tool) => tool.ratingAvg,
  // Cheapest first, tools without a comparable price last (ties, as everywhere, newest first).
  "Lowest price": (tool) => -(comparablePriceOf(tool) ?? Infinity),
};

/**
 * The text of a tool that is searched but not shown on cards (weighted fields). The card
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
 * the catalogue (DESIGN.md 4). Immutable: a change builds a new snapshot, which may share the
 * parts that did not change with this one; readers keep whichever snapshot they started with.
 */
export interface CatalogueSnapshot {
  /** Online tools, newest first. Positions in this list are the search index's documents. */
  tools: readonly ToolCard[];
  byId: LayeredMap<string, ToolCard>;
  bySlug: LayeredMap<string, ToolCard>;
  /** Tools by their name as a slug (the newest when names repeat), for /tool/... addresses. */
  byNameSlug: LayeredMap<string, ToolCard>;
  /** Each tool's name as a slug, by position: what byNameSlug is kept from. */
  nameSlugs: readonly string[];
  /** Every online tool in each fixed sort order, so a query filters instead of sorting. */
  sorted: Readonly<Record<FixedSort, readonly ToolCard[]>>;
  /** Each tool's place (by its position in `tools`) in every fixed sort order. */
  rank: Readonly<Record<FixedSort, Uint32Array>>;
  searchIndex: SearchIndex;
  /** What the requirement, integration and price filters read, by position. */
  facts: FactIndex;
  /** The most liked tools, ties newest first (the home page's top tools). */
  topTools: readonly ToolCard[];
  stats: CategoryStats;
  taxonomy: readonly CategoryEntry[];
  builtAt: Date;
}

/**
 * The tool as the search index reads it: its card and its searched text. The requirements its
 * facts meet and the apps it integrates with are searched beside its key features.
 */
export function searchDocumentOf(tool: ToolCard, text: ToolSearchText | undefined): SearchDocument {
  const { hashtags, keyFeatures, longDescription, seo } = text ?? NO_SEARCH_TEXT;
  const factPhrases = factSearchPhrases(tool);
  return {
    name: tool.name,
    category: tool.category,
    subCategory: tool.subCategory,
    cardDescription: text ? text.cardDescription : tool.cardDescription,
    hashtags,
    keyFeatures: factPhrases.length > 0 ? [...keyFeatures, ...factPhrases] : keyFeatures,
    longDescription,
    seo,
    views: tool.views,
    likesTotal: tool.likesTotal,
    ratingAvg: tool.ratingAvg,
  };
}

// ISO times (toISOString) order as plain text, which compares faster than localeCompare.
const ISO_TIME_LENGTH = 24;

/** Newest: the newest first; tools created at the same moment (one import) by id. */
export function compareNewest(a: ToolCard, b: ToolCard): number {
  if (a.createdAt !== b.createdAt) {
    if (a.createdAt.length === ISO_TIME_LENGTH && b.createdAt.length === ISO_TIME_LENGTH) {
      return a.createdAt > b.createdAt ? -1 : 1;
    }
    const byTime = b.createdAt.localeCompare(a.createdAt);
    if (byTime !== 0) return byTime;
  }
  return a.id.localeCompare(b.id);
}

/** The position of `tool` in a newest-first list, or -1. */
export function positionIn(tools: readonly ToolCard[], tool: ToolCard): number {
  let low = 0;
  let high = tools.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareNewest(tools[middle]!, tool) < 0) low = middle + 1;
    else high = middle;
  }
  return tools[low]?.id === tool.id ? low : -1;
}

/**
 * Every sort is descending; ties keep newest first, so they go by position in the
 * newest-first list.
 */
export function comparePositions(
  tools: readonly ToolCard[],
  sort: FixedSort,
): (a: number, b: number) => number {
  if (sort === "Newest") return (a, b) => a - b;
  const value = SORT_VALUE[sort];
  return (a, b) => value(tools[b]!) - value(tools[a]!) || a - b;
}

const MAX_COUNT = 2 ** 31;
const POSITIONS = 2 ** 21;

/** Every position of `tools` in the order of `sort`. */
function sortedPositions(tools: readonly ToolCard[], sort: FixedSort): Uint32Array {
  const positions = Uint32Array.from(tools.keys());
  if (sort === "Newest") return positions;
  const values = Float64Array.from(tools, SORT_VALUE[sort]);
  const areCounts = values.every((value) => Number.isInteger(value) && value >= 0);
  if (areCounts && values.every((value) => value < MAX_COUNT) && tools.length <= POSITIONS) {
    // Whole counts: the count (highest first) and the position packed exactly in one number,
    // which sorts without a comparison function, several times faster.
    const keys = values.map((value, position) => (MAX_COUNT - value) * POSITIONS + position);
    return Uint32Array.from(keys.sort(), (key) => key % POSITIONS);
  }
  return positions.sort((a, b) => values[b]! - values[a]! || a - b);
}

/** The tools newest first: by time as a number, by compareNewest where times tie. */
function newestFirst(cards: readonly ToolCard[]): ToolCard[] {
  const times = Float64Array.from(cards, (card) => Date.parse(card.createdAt));
  const order = Array.from(cards.keys()).sort(
    (a, b) => times[b]! - times[a]! || compareNewest(cards[a]!, cards[b]!),
  );
  return order.map((position) => cards[position]!);
}

/** The inverse of a permutation: places to positions, or positions to places. */
export function invert(permutation: Uint32Array): Uint32Array {
  const inverse = new Uint32Array(permutation.length);
  for (let i = 0; i < permutation.length; i++) inverse[permutation[i]!] = i;
  return inverse;
}

/**
 * A sort order (positions, best first) after some tools changed: the positions that stay are
 * renumbered and keep their order; `inserted` (new positions) go where they belong, found by
 * binary search, so only they are compared.
 */
export function mergeOrder(
  order: Uint32Array,
  renumber: Int32Array,
  size: number,
  inserted: number[],
  compare: (a: number, b: number) => number,
): Uint32Array {
  const merged = new Uint32Array(size);
  let kept = 0;
  for (let place = 0; place < order.length; place++) {
    const position = renumber[order[place]!]!;
    if (position >= 0) merged[kept++] = position;
  }
  // From the last inserted to the first, each moves the kept tools after it to the back.
  inserted.sort(compare);
  let back = size;
  for (let k = inserted.length - 1; k >= 0; k--) {
    const position = inserted[k]!;
    let low = 0;
    let high = kept;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(merged[middle]!, position) < 0) low = middle + 1;
      else high = middle;
    }
    merged.copyWithin(back - (kept - low), low, kept);
    back -= kept - low;
    merged[--back] = position;
    kept = low;
  }
  return merged;
}

/**
 * The sorted lists and ranks of a snapshot, from each sort's order of positions, and its rank
 * where already known.
 */
export function sortsFrom(
  tools: readonly ToolCard[],
  orders: Record<FixedSort, Uint32Array>,
  knownRanks: Partial<Record<FixedSort, Uint32Array>> = {},
): Pick<CatalogueSnapshot, "sorted" | "rank" | "topTools"> {
  const sorted = {} as Record<FixedSort, readonly ToolCard[]>;
  const rank = {} as Record<FixedSort, Uint32Array>;
  for (const sort of FIXED_SORTS) {
    const order = orders[sort];
    if (sort === "Newest") {
      sorted[sort] = tools;
      rank[sort] = knownRanks[sort] ?? order;
      continue;
    }
    const list: ToolCard[] = [];
    for (let place = 0; place < order.length; place++) list.push(tools[order[place]!]!);
    sorted[sort] = list;
    rank[sort] = knownRanks[sort] ?? invert(order);
  }
  return { sorted, rank, topTools: sorted["Most Liked"].slice(0, TOP_TOOLS_LIMIT) };
}

/** The tools by a key; where keys repeat, the newest (lowest position) wins. */
function mapBy(
  tools: readonly ToolCard[],
  keyAt: (position: number) => string,
): LayeredMap<string, ToolCard> {
  const map = new Map<string, ToolCard>();
  for (let position = tools.length - 1; position >= 0; position--) {
    map.set(keyAt(position), tools[position]!);
  }
  return LayeredMap.of(map);
}

/** A tool's name as a slug, sharing the slug's string when they are the same. */
export function nameSlugOf(tool: ToolCard): string {
  const nameSlug = slugify(tool.name);
  return nameSlug === tool.slug ? tool.slug : nameSlug;
}

export function buildSnapshot(
  cards: readonly ToolCard[],
  searchText: ReadonlyMap<string, ToolSearchText> = new Map(),
): CatalogueSnapshot {
  const tools = newestFirst(cards);
  const orders = {} as Record<FixedSort, Uint32Array>;
  for (const sort of FIXED_SORTS) orders[sort] = sortedPositions(tools, sort);
  const nameSlugs = tools.map(nameSlugOf);
  const stats = countCategories(tools);
  return {
    tools,
    byId: mapBy(tools, (position) => tools[position]!.id),
    bySlug: mapBy(tools, (position) => tools[position]!.slug),
    byNameSlug: mapBy(tools, (position) => nameSlugs[position]!),
    nameSlugs,
    ...sortsFrom(tools, orders),
    searchIndex: buildSearchIndex(
      tools.map((tool) => searchDocumentOf(tool, searchText.get(tool.id))),
    ),
    facts: indexFacts(tools),
    stats,
    taxonomy: toTaxonomy(stats),
    builtAt: new Date(),
  };
}
