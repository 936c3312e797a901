import { popularity } from "../search/relevance.server";
import { withPopularity } from "../search/search-index.server";
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
  ratingAvg?: number;
}

/** The sorts a change of counts can reorder. */
const COUNT_SORTS = new Set<FixedSort>(["Most Liked", "Most Viewed", "Rating"]);

/**
 * A new snapshot with some tools' like and view counts or ratings changed. Text, positions and
 * the search vocabulary stay; the changed tools move within the count orders (a merge, not a
 * sort), and their search popularity is redone.
 */
export function withCounts(
  snapshot: CatalogueSnapshot,
  changes: ReadonlyMap<string, CountChange>,
): CatalogueSnapshot {
  const changed: { position: number; before: ToolCard; after: ToolCard }[] = [];
  for (const [id, change] of changes) {
    const before = snapshot.byId.get(id);
    if (!before) continue;
    const likesTotal = change.likesTotal ?? before.likesTotal;
    const views = change.views ?? before.views;
    const ratingAvg = change.ratingAvg ?? before.ratingAvg;
    if (
      likesTotal === before.likesTotal &&
      views === before.views &&
      ratingAvg === before.ratingAvg
    ) {
      continue;
    }
    const position = positionIn(snapshot.tools, before);
    changed.push({
      position,
      before,
      after: { ...before, likesTotal, views, ratingAvg },
    });
  }
  if (changed.length === 0) return snapshot;

  const tools = [...snapshot.tools];
  const renumber = Int32Array.from(tools.keys());
  const popularities = snapshot.searchIndex.popularity.slice();
  for (const { position, after } of changed) {
    tools[position] = after;
    renumber[position] = -1;
    popularities[position] = popularity(after);
  }
  const moved = changed.map(({ position }) => position);
  const orders = {} as Record<FixedSort, Uint32Array>;
  const unchangedRanks: Partial<Record<FixedSort, Uint32Array>> = {};
  for (const [sort, rank] of Object.entries(snapshot.rank) as [FixedSort, Uint32Array][]) {
    if (COUNT_SORTS.has(sort)) {
      const compare = comparePositions(tools, sort);
      orders[sort] = mergeOrder(invert(rank), renumber, tools.length, [...moved], compare);
    } else {
      orders[sort] = sort === "Newest" ? rank : invert(rank);
      unchangedRanks[sort] = rank;
    }
  }
  const byId = snapshot.byId.with(
    [],
    changed.map(({ after }) => [after.id, after]),
  );
  const bySlug = snapshot.bySlug.with(
    [],
    changed.map(({ after }) => [after.slug, after]),
  );
  const byNameSlug = snapshot.byNameSlug.with(
    [],
    changed.flatMap(({ position, before, after }) => {
      const nameSlug = snapshot.nameSlugs[position]!;
      return snapshot.byNameSlug.get(nameSlug) === before ? [[nameSlug, after] as const] : [];
    }),
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
