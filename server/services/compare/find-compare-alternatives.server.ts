import { COMPARE_ALTERNATIVES } from "~/lib/compare";
import { formKeyOf, indexWords } from "#server/search/tokenize.server";
import type { ToolCard } from "~/lib/tool";
import type { CatalogueSnapshot } from "#server/snapshot/snapshot.server";

// "Compare with": a tool's closest alternatives are the tools of its subcategory (its
// category when it has none, or too few neighbours there) whose name and card description share
// the most distinctive words with its own. The tool pages and the sitemap both ask, so a group's
// word index is built once per catalogue revision, on first need: likes and views make a new
// snapshot every few seconds without changing any group's members or words, so the most-liked
// order that breaks ties is read from the current snapshot at each ask.

/** Words that say nothing about what a tool does. */
const STOP_WORDS = new Set(
  (
    "a about ai an and any are as at be best by can for from get help helps how in into is it its " +
    "more most new of on or our powered that the their this to tool tools use using we what with " +
    "you your"
  ).split(" "),
);
const MIN_WORD_LENGTH = 3;
/** A word in more of a group's tools than this is too common to tell them apart. */
const MAX_WORD_TOOLS = 64;
/** A shared name word says more than a shared description word. */
const NAME_WEIGHT = 2;

/**
 * A group's words, numbered: for each word, the members (positions in the group, newest first)
 * that have it and its weight in each; for each member, its words and their weights.
 */
interface GroupIndex {
  members: readonly ToolCard[];
  wordIds: ReadonlyMap<string, number>;
  memberWords: readonly Int32Array[];
  memberWeights: readonly Uint8Array[];
  holders: readonly Int32Array[];
  holderWeights: readonly Uint8Array[];
  positionOf: ReadonlyMap<string, number>;
  /** Scores being added up for one tool; all zero between asks. */
  scratch: Float64Array;
}

type Words = ReadonlyMap<string, number>;

// Tool cards are shared by the snapshots made after a change, so their words are kept with them.
const wordsByTool = new WeakMap<ToolCard, Words>();

function wordsOf(tool: ToolCard): Words {
  const known = wordsByTool.get(tool);
  if (known) return known;
  const words = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const word of indexWords(text)) {
      if (word.length < MIN_WORD_LENGTH || STOP_WORDS.has(word)) continue;
      const stem = formKeyOf(word) ?? word;
      words.set(stem, Math.max(words.get(stem) ?? 0, weight));
    }
  };
  add(tool.cardDescription, 1);
  add(tool.name, NAME_WEIGHT);
  wordsByTool.set(tool, words);
  return words;
}

function buildGroupIndex(members: readonly ToolCard[]): GroupIndex {
  const wordIds = new Map<string, number>();
  const holders: number[][] = [];
  const holderWeights: number[][] = [];
  const memberWords: Int32Array[] = [];
  const memberWeights: Uint8Array[] = [];
  members.forEach((tool, position) => {
    const words = wordsOf(tool);
    const ids = new Int32Array(words.size);
    const weights = new Uint8Array(words.size);
    let k = 0;
    for (const [word, weight] of words) {
      let id = wordIds.get(word);
      if (id === undefined) {
        id = holders.length;
        wordIds.set(word, id);
        holders.push([]);
        holderWeights.push([]);
      }
      holders[id]!.push(position);
      holderWeights[id]!.push(weight);
      ids[k] = id;
      weights[k++] = weight;
    }
    memberWords.push(ids);
    memberWeights.push(weights);
  });
  return {
    members,
    wordIds,
    memberWords,
    memberWeights,
    holders: holders.map((list) => Int32Array.from(list)),
    holderWeights: holderWeights.map((list) => Uint8Array.from(list)),
    positionOf: new Map(members.map((tool, position) => [tool.id, position])),
    scratch: new Float64Array(members.length),
  };
}

/**
 * A group's members, newest first, its word index once something asked for it, and its members'
 * most-liked order (positions, and each position's place) in each snapshot that asked.
 */
interface Group {
  members: ToolCard[];
  index?: GroupIndex;
  liked: WeakMap<CatalogueSnapshot, LikedOrder>;
}
interface LikedOrder {
  order: Uint32Array;
  place: Uint32Array;
}
type Groups = Map<string, Group>;
const groupsBySnapshot = new WeakMap<CatalogueSnapshot, Groups>();

// Uncategorised tools form one group of their own.
const groupKey = (category: string | null, subCategory: string | null) =>
  subCategory === null ? `${category ?? ""}\u0000` : `${category}\u0000${subCategory}\u0000`;

/** The snapshot's tools grouped by category and by subcategory, newest first. */
function groupsOf(snapshot: CatalogueSnapshot): Groups {
  const groups: Groups = new Map();
  const join = (key: string, tool: ToolCard) => {
    const group = groups.get(key);
    if (group) group.members.push(tool);
    else groups.set(key, { members: [tool], liked: new WeakMap() });
  };
  for (const tool of snapshot.tools) {
    join(groupKey(tool.category, null), tool);
    if (tool.category && tool.subCategory) join(groupKey(tool.category, tool.subCategory), tool);
  }
  return groups;
}

/**
 * The group's members most liked first by the snapshot's counts, ties newest first: the
 * snapshot's own "Most Liked" order, kept per snapshot for the groups asked about.
 */
function likedOrder(group: Group, snapshot: CatalogueSnapshot): LikedOrder {
  const known = group.liked.get(snapshot);
  if (known) return known;
  const likes = Float64Array.from(
    group.members,
    (member) => snapshot.byId.get(member.id)?.likesTotal ?? member.likesTotal,
  );
  const order = Uint32Array.from(group.members.keys()).sort(
    (a, b) => likes[b]! - likes[a]! || a - b,
  );
  const place = new Uint32Array(order.length);
  order.forEach((position, at) => (place[position] = at));
  const liked = { order, place };
  group.liked.set(snapshot, liked);
  return liked;
}

/** A group's word index, built when first asked for: most groups of a large catalogue never are. */
function groupIndex(group: Group): GroupIndex {
  group.index ??= buildGroupIndex(group.members);
  return group.index;
}

/** The tool's words as ids of the group's words (a tool outside the group: those it shares). */
function ownWords(group: GroupIndex, tool: ToolCard): { ids: Int32Array; weights: Uint8Array } {
  const position = group.positionOf.get(tool.id);
  if (position !== undefined) {
    return { ids: group.memberWords[position]!, weights: group.memberWeights[position]! };
  }
  const shared = [...wordsOf(tool)].filter(([word]) => group.wordIds.has(word));
  return {
    ids: Int32Array.from(shared, ([word]) => group.wordIds.get(word)!),
    weights: Uint8Array.from(shared, ([, weight]) => weight),
  };
}

/**
 * The members of a group closest to the tool, best first: by the weight of the distinctive words
 * they share (each weighted by how rare it is in the group), then most liked. Tools sharing no
 * word follow, most liked first.
 */
function closestInGroup(
  group: GroupIndex,
  liked: LikedOrder,
  tool: ToolCard,
  excluded: ReadonlySet<string>,
  limit: number,
): ToolCard[] {
  const { scratch, members } = group;
  const own = ownWords(group, tool);
  const touched: number[] = [];
  for (let k = 0; k < own.ids.length; k++) {
    const word = own.ids[k]!;
    const holders = group.holders[word]!;
    if (holders.length > MAX_WORD_TOOLS) continue;
    const weight = Math.log(1 + members.length / holders.length) * own.weights[k]!;
    const holderWeights = group.holderWeights[word]!;
    for (let h = 0; h < holders.length; h++) {
      const position = holders[h]!;
      if (scratch[position] === 0) touched.push(position);
      scratch[position]! += weight * holderWeights[h]!;
    }
  }
  // The best few by score; the more liked one wins a tie.
  const best: number[] = [];
  const { place } = liked;
  const isBetter = (a: number, b: number) =>
    scratch[a]! > scratch[b]! || (scratch[a] === scratch[b] && place[a]! < place[b]!);
  for (const position of touched) {
    if (excluded.has(members[position]!.id)) continue;
    let at = best.length;
    while (at > 0 && isBetter(position, best[at - 1]!)) at--;
    if (at < limit) {
      best.splice(at, 0, position);
      if (best.length > limit) best.pop();
    }
  }
  const found = best.map((position) => members[position]!);
  for (const position of touched) scratch[position] = 0;
  for (let at = 0; found.length < limit && at < members.length; at++) {
    const member = members[liked.order[at]!]!;
    if (!excluded.has(member.id) && !found.includes(member)) found.push(member);
  }
  return found;
}

/** Up to `limit` online tools closest to the tool, best first; none for an unknown tool. */
export function findCompareAlternatives(
  snapshot: CatalogueSnapshot,
  toolId: string,
  limit: number = COMPARE_ALTERNATIVES,
): ToolCard[] {
  let groups = groupsBySnapshot.get(snapshot);
  if (!groups) {
    groups = groupsOf(snapshot);
    groupsBySnapshot.set(snapshot, groups);
  }
  return alternativesIn(groups, snapshot, toolId, limit);
}

/**
 * findCompareAlternatives for a snapshot that changes: the groups are kept while the catalogue
 * revision stays (only counts changed), and made again from the snapshot of a new one.
 */
export function createCompareAlternativesFinder() {
  let kept: { revision: number; groups: Groups } | undefined;
  return (
    snapshot: CatalogueSnapshot,
    catalogueRevision: number,
    toolId: string,
    limit: number = COMPARE_ALTERNATIVES,
  ): ToolCard[] => {
    if (kept?.revision !== catalogueRevision) {
      kept = { revision: catalogueRevision, groups: groupsOf(snapshot) };
    }
    return alternativesIn(kept.groups, snapshot, toolId, limit);
  };
}

function alternativesIn(
  groups: Groups,
  snapshot: CatalogueSnapshot,
  toolId: string,
  limit: number,
): ToolCard[] {
  const tool = snapshot.byId.get(toolId);
  if (!tool) return [];
  const excluded = new Set([tool.id]);
  const found: ToolCard[] = [];
  const keys =
    tool.category && tool.subCategory
      ? [groupKey(tool.category, tool.subCategory), groupKey(tool.category, null)]
      : [groupKey(tool.category, null)];
  for (const key of keys) {
    const group = groups.get(key);
    if (!group) continue;
    const liked = likedOrder(group, snapshot);
    for (const other of closestInGroup(
      groupIndex(group),
      liked,
      tool,
      excluded,
      limit - found.length,
    )) {
      found.push(other);
      excluded.add(other.id);
    }
    if (found.length >= limit) break;
  }
  // The groups may hold the cards of an earlier snapshot of this revision: today's counts.
  return found.map((other) => snapshot.byId.get(other.id) ?? other);
}
