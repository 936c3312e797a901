import { popularity } from "~/lib/search/relevance";
import { withPopularity } from "~/lib/search/search-index";
import type { ToolCard } from "~/lib/tool";
import {
  comparePositions,
  invert,
  mergeOrder,
  positionIn,
  sortsFrom,
  type CatalogueSnapshot,
  type FixedSort,
} from "./snapshot.server";

export interface CountChange {
  likesTotal?: number;
  views?: number;
}

/** The sorts a change of counts can reorder. */
const COUNT_SORTS = new Set<FixedSort>(["Most Liked", "Most Viewed"]);

/**
 * A new snapshot with some tools' like and view counts changed. Text, positions and the search
 * vocabulary stay; the changed tools move within the count orders (a merge, not a sort), and
 * their search popularity is redone.
 */
export function withCounts(
  snapshot: CatalogueSnapshot,
  changes: ReadonlyMap<string, CountChange>,
): CatalogueSnapshot {
  const moved: number[] = [];
  const replaced = new Map<ToolCard, ToolCard>();
  for (const [id, change] of changes) {
    const tool = snapshot.byId.get(id);
    if (!tool) continue;
    const likesTotal = change.likesTotal ?? tool.likesTotal;
    const views = change.views ?? tool.views;
    if (likesTotal === tool.likesTotal && views === tool.views) continue;
    moved.push(positionIn(snapshot.tools, tool));
    replaced.set(tool, { ...tool, likesTotal, views });
  }
  if (moved.length === 0) return snapshot;

  const tools = [...snapshot.tools];
  const renumber = Int32Array.from(tools, (_, position) => position);
  const popularities = snapshot.searchIndex.popularity.slice();
  for (const position of moved) {
    const tool = replaced.get(tools[position]!)!;
    tools[position] = tool;
    renumber[position] = -1;
    popularities[position] = popularity(tool);
  }
  const orders = {} as Record<FixedSort, Uint32Array>;
  const unchangedRanks: Partial<Record<FixedSort, Uint32Array>> = {};
  for (const [sort, rank] of Object.entries(snapshot.rank) as [FixedSort, Uint32Array][]) {
    if (COUNT_SORTS.has(sort)) {
      orders[sort] = mergeOrder(
        invert(rank),
        renumber,
        tools.length,
        [...moved],
        comparePositions(tools, sort),
      );
    } else {
      orders[sort] = sort === "Newest" ? rank : invert(rank);
      unchangedRanks[sort] = rank;
    }
  }
  const cards = [...replaced.values()];
  const nameSlugOfMoved = (before: ToolCard) =>
    snapshot.nameSlugs[positionIn(snapshot.tools, before)]!;
  const byId = snapshot.byId.with(
    [],
    cards.map((tool) => [tool.id, tool]),
  );
  const bySlug = snapshot.bySlug.with(
    [],
    cards.map((tool) => [tool.slug, tool]),
  );
  const byNameSlug = snapshot.byNameSlug.with(
    [],
    [...replaced]
      .filter(([before]) => snapshot.byNameSlug.get(nameSlugOfMoved(before)) === before)
      .map(([before, after]) => [nameSlugOfMoved(before), after]),
  );
  return {
    ...snapshot,
    tools,
    byId,
    bySlug,
    byNameSlug,
    ...sortsFrom(tools, orders, unchangedRanks),
    searchIndex: withPopularity(snapshot.searchIndex, popularities),
  };
}
