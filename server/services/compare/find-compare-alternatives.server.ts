import { COMPARE_ALTERNATIVES } from "~/lib/compare";
import { indexWords, stemOf } from "~/lib/search/tokenize";
import type { ToolCard } from "~/lib/tool";
import type { CatalogueSnapshot } from "../../snapshot/snapshot.server";

// Issue 20 "Compare with": a tool's closest alternatives are the tools of its subcategory (its
// category when it has none, or too few neighbours there) whose name and card description share
// the most distinctive words with its own. The tool pages and the sitemap both ask, so a group's
// word index is built once per snapshot, on first need.

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

interface GroupIndex {
  members: readonly ToolCard[];
  /** Each member's distinctive words with their weights in that member's text. */
  words: ReadonlyMap<string, number>[];
  /** For each word, the members (positions in `members`) that have it. */
  postings: ReadonlyMap<string, readonly number[]>;
  positionOf: ReadonlyMap<string, number>;
}

function wordsOf(tool: ToolCard): Map<string, number> {
  const words = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const word of indexWords(text)) {
      if (word.length < MIN_WORD_LENGTH || STOP_WORDS.has(word)) continue;
      const stem = stemOf(word) ?? word;
      words.set(stem, Math.max(words.get(stem) ?? 0, weight));
    }
  };
  add(tool.cardDescription, 1);
  add(tool.name, NAME_WEIGHT);
  return words;
}

function buildGroupIndex(members: readonly ToolCard[]): GroupIndex {
  const words = members.map(wordsOf);
  const postings = new Map<string, number[]>();
  words.forEach((memberWords, position) => {
    for (const word of memberWords.keys()) {
      const list = postings.get(word);
      if (list) list.push(position);
      else postings.set(word, [position]);
    }
  });
  return {
    members,
    words,
    postings,
    positionOf: new Map(members.map((tool, position) => [tool.id, position])),
  };
}

/** A group's members, most liked first, and its word index once something asked for it. */
interface Group {
  members: ToolCard[];
  index?: GroupIndex;
}
type Groups = Map<string, Group>;
const groupsBySnapshot = new WeakMap<CatalogueSnapshot, Groups>();

// Uncategorised tools form one group of their own.
const groupKey = (category: string | null, subCategory: string | null) =>
  subCategory === null ? `${category ?? ""}\u0000` : `${category}\u0000${subCategory}\u0000`;

/** The snapshot's tools grouped by category and by subcategory, most liked first. */
function groupsOf(snapshot: CatalogueSnapshot): Groups {
  const known = groupsBySnapshot.get(snapshot);
  if (known) return known;
  const groups: Groups = new Map();
  const join = (key: string, tool: ToolCard) => {
    const group = groups.get(key);
    if (group) group.members.push(tool);
    else groups.set(key, { members: [tool] });
  };
  for (const tool of snapshot.sorted["Most Liked"]) {
    join(groupKey(tool.category, null), tool);
    if (tool.category && tool.subCategory) join(groupKey(tool.category, tool.subCategory), tool);
  }
  groupsBySnapshot.set(snapshot, groups);
  return groups;
}

/** A group's word index, built when first asked for: most groups of a large catalogue never are. */
function groupIndex(groups: Groups, key: string): GroupIndex | null {
  const group = groups.get(key);
  if (!group) return null;
  group.index ??= buildGroupIndex(group.members);
  return group.index;
}

/**
 * The members of a group closest to the tool, best first: by the weight of the distinctive words
 * they share (each weighted by how rare it is in the group), then most liked. Tools sharing no
 * word follow, most liked first.
 */
function closestInGroup(
  group: GroupIndex,
  tool: ToolCard,
  excluded: ReadonlySet<string>,
  limit: number,
): ToolCard[] {
  const own = group.words[group.positionOf.get(tool.id) ?? -1] ?? wordsOf(tool);
  const scores = new Map<number, number>();
  for (const [word, weight] of own) {
    const holders = group.postings.get(word);
    if (!holders || holders.length > MAX_WORD_TOOLS) continue;
    const rarity = Math.log(1 + group.members.length / holders.length);
    for (const position of holders) {
      const other = group.words[position]!.get(word)!;
      scores.set(position, (scores.get(position) ?? 0) + rarity * weight * other);
    }
  }
  const scored = [...scores]
    .filter(([position]) => !excluded.has(group.members[position]!.id))
    // Positions are most liked first, so the lower one wins a tie.
    .sort(([a, scoreA], [b, scoreB]) => scoreB - scoreA || a - b)
    .slice(0, limit)
    .map(([position]) => group.members[position]!);
  for (const member of group.members) {
    if (scored.length >= limit) break;
    if (!excluded.has(member.id) && !scored.includes(member)) scored.push(member);
  }
  return scored;
}

/** Up to `limit` online tools closest to the tool, best first; none for an unknown tool. */
export function findCompareAlternatives(
  snapshot: CatalogueSnapshot,
  toolId: string,
  limit: number = COMPARE_ALTERNATIVES,
): ToolCard[] {
  const tool = snapshot.byId.get(toolId);
  if (!tool) return [];
  const groups = groupsOf(snapshot);
  const excluded = new Set([tool.id]);
  const found: ToolCard[] = [];
  const keys =
    tool.category && tool.subCategory
      ? [groupKey(tool.category, tool.subCategory), groupKey(tool.category, null)]
      : [groupKey(tool.category, null)];
  for (const key of keys) {
    const group = groupIndex(groups, key);
    if (!group) continue;
    for (const other of closestInGroup(group, tool, excluded, limit - found.length)) {
      found.push(other);
      excluded.add(other.id);
    }
    if (found.length >= limit) break;
  }
  return found;
}
