import { toTaxonomy, withCategoryChanges } from "~/lib/category-stats";
import { updateSearchIndex } from "../search/search-index.server";
import type { ToolCard } from "~/lib/tool";
import { updateFactIndex } from "./fact-index.server";
import {
  FIXED_SORTS,
  comparePositions,
  compareNewest,
  invert,
  mergeOrder,
  nameSlugOf,
  positionIn,
  searchDocumentOf,
  sortsFrom,
  type CatalogueSnapshot,
  type FixedSort,
  type ToolSearchText,
} from "./snapshot.server";

/** A tool as it now is: its card and searched text. */
export interface ToolVersion {
  card: ToolCard;
  searchText: ToolSearchText;
}

/**
 * The snapshot after these tools changed: each of `changedIds` leaves, and `online` (the changed
 * tools that are online now) join. Equal to buildSnapshot of the whole new catalogue, at the cost
 * of reading the joining tools' text and linear passes over the rest (no sort, no re-indexing).
 * The given snapshot is left as it was.
 */
export function updateSnapshot(
  snapshot: CatalogueSnapshot,
  changedIds: Iterable<string>,
  online: readonly ToolVersion[],
): CatalogueSnapshot {
  const old = snapshot.tools;
  const leavingIds = new Set(changedIds);
  for (const { card } of online) leavingIds.add(card.id);
  const isLeaving = new Uint8Array(old.length);
  const left: ToolCard[] = [];
  for (const id of leavingIds) {
    const tool = snapshot.byId.get(id);
    if (!tool) continue;
    isLeaving[positionIn(old, tool)] = 1;
    left.push(tool);
  }
  const joined = online.map(({ card }) => card).sort(compareNewest);
  const textOf = new Map(online.map(({ card, searchText }) => [card.id, searchText]));

  // The new newest-first list: the tools that stay, in their order, merged with the joining ones.
  const size = old.length - left.length + joined.length;
  const tools: ToolCard[] = [];
  const nameSlugs: string[] = [];
  const renumber = new Int32Array(old.length);
  const joinedAt: number[] = [];
  const join = (tool: ToolCard) => {
    joinedAt.push(tools.length);
    nameSlugs.push(nameSlugOf(tool));
    tools.push(tool);
  };
  for (let position = 0; position < old.length; position++) {
    if (isLeaving[position]) {
      renumber[position] = -1;
      continue;
    }
    const tool = old[position]!;
    while (joinedAt.length < joined.length && compareNewest(joined[joinedAt.length]!, tool) < 0) {
      join(joined[joinedAt.length]!);
    }
    renumber[position] = tools.length;
    nameSlugs.push(snapshot.nameSlugs[position]!);
    tools.push(tool);
  }
  while (joinedAt.length < joined.length) join(joined[joinedAt.length]!);

  const orders = {} as Record<FixedSort, Uint32Array>;
  for (const sort of FIXED_SORTS) {
    orders[sort] = mergeOrder(
      invert(snapshot.rank[sort]),
      renumber,
      size,
      [...joinedAt],
      comparePositions(tools, sort),
    );
  }

  const byId = snapshot.byId.with(
    left.map((tool) => tool.id),
    joined.map((tool) => [tool.id, tool]),
  );
  const bySlug = snapshot.bySlug.with(
    left.map((tool) => tool.slug),
    joined.map((tool) => [tool.slug, tool]),
  );
  // A name slug that changed hands goes to the newest tool that now has it.
  const names = new Set([...left, ...joined].map(nameSlugOf));
  const newest = new Map<string, ToolCard>();
  for (let position = 0; position < size && newest.size < names.size; position++) {
    const name = nameSlugs[position]!;
    if (names.has(name) && !newest.has(name)) newest.set(name, tools[position]!);
  }
  const byNameSlug = snapshot.byNameSlug.with(names, newest);

  const stats = withCategoryChanges(snapshot.stats, left, joined);
  return {
    tools,
    byId,
    bySlug,
    byNameSlug,
    nameSlugs,
    ...sortsFrom(tools, orders),
    searchIndex: updateSearchIndex(snapshot.searchIndex, {
      size,
      renumber,
      joining: joined.map((card, k) => ({
        doc: joinedAt[k]!,
        document: searchDocumentOf(card, textOf.get(card.id)),
      })),
    }),
    facts: updateFactIndex(snapshot.facts, renumber, tools, joinedAt),
    stats,
    taxonomy: toTaxonomy(stats),
    builtAt: new Date(),
  };
}
