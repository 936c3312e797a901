import { MAX_SEARCH_RESULTS, MIN_SEARCH_LENGTH } from "~/lib/constants";
import { forEachWordWithinTypos, typoDistance, typosAllowed } from "./edit-distance.server";
import { joinedAt, MAX_JOINED_TOKENS } from "./query-plan.server";
import { MAX_QUERY_WORDS } from "./query-reading.server";
import {
  countDocuments,
  searchDocuments,
  type SearchHit,
  type SearchIndex,
} from "./search-index.server";
import { queryTokens, queryWords, stemOf } from "./tokenize.server";
import { beginsSomeWord } from "./vocabulary.server";

// No dead ends: a search no tool matches in full is answered without its weakest
// words, and a misspelt one is offered in the catalogue's own spelling.

export interface SearchOutcome {
  hits: SearchHit[];
  /** The words the hits match when some were dropped, in the typed order; null otherwise. */
  relaxedSearch: string | null;
  /**
   * The search spelt with the catalogue's words, when the hits are few or relaxed and it finds
   * more of the shown tools than they are (any, against a relaxed answer).
   */
  suggestedSearch: string | null;
}

/** Fewer hits than this, and a better-spelt search is worth offering. */
const FEW_HITS = 5;
/**
 * Shorter words are too likely to be near some unrelated word to be corrected, and are often
 * names and abbreviations ("gpt" is not "get", "net" not "not").
 */
const MIN_CORRECTED_LENGTH = 4;

/**
 * The tools a search finds, with the relaxed words and a suggested spelling (see SearchOutcome).
 * `isShown` tells which documents the page lists (its category and pricing filters): a suggestion
 * must find more of them, or it would lead to another empty page.
 */
export function searchCatalogue(
  index: SearchIndex,
  text: string,
  limit: number = MAX_SEARCH_RESULTS,
  isShown: (doc: number) => boolean = () => true,
): SearchOutcome {
  const words = queryWords(text, MIN_SEARCH_LENGTH).slice(0, MAX_QUERY_WORDS);
  // The words as typed, each once, with the one-letter ones (read only where they join a
  // neighbour: "e mail"), and without the words the search does not read.
  const untaken = new Set(words);
  const tokens = queryTokens(text).filter(
    (token) => token.length < MIN_SEARCH_LENGTH || untaken.delete(token),
  );
  let hits = searchDocuments(index, text, limit);
  let relaxedSearch: string | null = null;
  if (hits.length === 0 && words.length > 1) {
    const relaxed = relaxedHits(index, unitsOf(index, tokens), limit);
    if (relaxed) ({ hits, relaxedSearch } = relaxed);
  }
  const isWeak = hits.length < FEW_HITS || relaxedSearch !== null;
  const suggested = isWeak ? respelt(index, tokens) : null;
  const shownCount = (found: readonly SearchHit[]) =>
    found.reduce((count, hit) => (isShown(hit.doc) ? count + 1 : count), 0);
  if (suggested === null) return { hits, relaxedSearch, suggestedSearch: null };
  // A relaxed answer matches no tool in full, so any tool the suggestion finds is a better one.
  const toBeat = relaxedSearch === null ? shownCount(hits) : 0;
  const isBetter = shownCount(searchDocuments(index, suggested, limit)) > toBeat;
  return { hits, relaxedSearch, suggestedSearch: isBetter ? suggested : null };
}

/**
 * The typed tokens the search reads as one, in order: neighbours the query plan joins into one
 * indexed word ("e mail", "note taker"; at the end, the beginning of one is enough), else each
 * word alone. A one-letter token that joins no neighbour is left out: the search does not read it.
 */
function unitsOf(index: SearchIndex, tokens: readonly string[]): string[][] {
  const units: string[][] = [];
  let at = 0;
  while (at < tokens.length) {
    let length = Math.min(MAX_JOINED_TOKENS, tokens.length - at);
    while (length > 1 && joinedAt(index, tokens, at, length) === null) length--;
    if (length > 1 || tokens[at]!.length >= MIN_SEARCH_LENGTH) {
      units.push(tokens.slice(at, at + length));
    }
    at += length;
  }
  return units;
}

/**
 * Words that say how good, cheap, quick or easy a tool should be, or only that it is one: rare
 * in a catalogue, so a rest that keeps one finds few tools, and they are not what was asked for
 * ("best" in "best tool for invoices", "quickly", "cheapest").
 */
const FILLER_WORDS = new Set(
  `best better top good great cheap cheaper cheapest affordable quick quickly fast faster easy
  easily simple tool tools app apps software`.split(/\s+/),
);

/** Typed tokens searched as one (see unitsOf). */
type Unit = readonly string[];

const isFiller = (unit: Unit) => unit.length === 1 && FILLER_WORDS.has(unit[0]!);

/**
 * Drops the units (see unitsOf) that find nothing alone, then one unit at a time until the rest
 * find something: a filler word first, the one whose absence leaves the most tools; otherwise
 * the unit in the most tools alone (it tells the least), preferring one whose absence lets the
 * rest find something ("write blog posts" keeps "write blog", not "write posts"). On a tie the
 * later unit goes: people tend to type the main word first.
 */
function relaxedHits(
  index: SearchIndex,
  units: readonly Unit[],
  limit: number,
): { hits: SearchHit[]; relaxedSearch: string } | null {
  // Each set of kept units is counted once: a unit alone is weighed at every step, and the rests
  // of one step meet again in the next. Eight units cost at most 8 + 8 + 7 + ... + 3 counts.
  const counts = new Map<string, number>();
  const countText = (text: string) => {
    let count = counts.get(text);
    if (count === undefined) counts.set(text, (count = countDocuments(index, text)));
    return count;
  };
  // A unit in every tool ("ai" in a catalogue of AI tools) narrows nothing, so the rests are
  // counted without it: the same count, far cheaper.
  const isEverywhere = new Set(units.filter((unit) => countText(unit.join(" ")) === index.size));
  const countOf = (kept: readonly Unit[]) => {
    const narrowing = kept.filter((unit) => !isEverywhere.has(unit));
    return countText((narrowing.length > 0 ? narrowing : kept.slice(0, 1)).flat().join(" "));
  };
  const without = (kept: readonly Unit[], dropped: Unit) => kept.filter((unit) => unit !== dropped);
  const weakestOf = (kept: readonly Unit[]): Unit => {
    const fillers = kept.filter(isFiller);
    if (fillers.length > 0) {
      let weakest = fillers[0]!;
      for (const unit of fillers.slice(1)) {
        if (countOf(without(kept, unit)) >= countOf(without(kept, weakest))) weakest = unit;
      }
      return weakest;
    }
    // In the most tools first; on a tie the later first.
    const byCount = kept
      .map((unit, at) => ({ unit, at, count: countOf([unit]) }))
      .sort((a, b) => b.count - a.count || b.at - a.at);
    return (byCount.find(({ unit }) => countOf(without(kept, unit)) > 0) ?? byCount[0]!).unit;
  };
  // A unit that finds nothing alone leaves nothing for the others to find, so all such go first.
  let kept = units.filter((unit) => countOf([unit]) > 0);
  // All the units together are the search that found nothing.
  let keptCount = kept.length === units.length ? 0 : countOf(kept);
  while (keptCount === 0 && kept.length > 1) {
    kept = without(kept, weakestOf(kept));
    keptCount = countOf(kept);
  }
  if (kept.length === 0) return null;
  const relaxedSearch = kept.flat().join(" ");
  const hits = searchDocuments(index, relaxedSearch, limit);
  return hits.length > 0 ? { hits, relaxedSearch } : null;
}

/** The query with each word the catalogue has no word for replaced by its nearest one, or null. */
function respelt(index: SearchIndex, words: readonly string[]): string | null {
  let isChanged = false;
  const respeltWords = words.map((word) => {
    const nearest = nearestWord(index, word);
    if (nearest === null) return word;
    isChanged = true;
    return nearest;
  });
  return isChanged ? respeltWords.join(" ") : null;
}

/**
 * The indexed word nearest to a query word no indexed word equals or begins (nor a form of it):
 * fewest typos, then in the most documents. Null when the word is known or nothing is near.
 */
function nearestWord(index: SearchIndex, word: string): string | null {
  if (word.length < MIN_CORRECTED_LENGTH) return null;
  const { words, start } = index;
  const isKnown = (prefix: string) => beginsSomeWord(words, prefix);
  const stem = stemOf(word);
  if (isKnown(word) || (stem !== null && isKnown(stem))) return null;

  const maxTypos = Math.max(1, typosAllowed(word.length));
  let best = -1;
  let bestTypos = maxTypos + 1;
  let bestCount = 0;
  // The walk also visits words that only begin within the typos; the whole word must be near.
  forEachWordWithinTypos(words, 0, words.length, word, maxTypos, (candidate) => {
    // Most words the walk visits are longer than the typos allow, which needs no table to see.
    if (Math.abs(words[candidate]!.length - word.length) > maxTypos) return;
    const typos = typoDistance(word, words[candidate]!);
    if (typos > maxTypos) return;
    const count = start[candidate + 1]! - start[candidate]!;
    if (typos < bestTypos || (typos === bestTypos && count > bestCount)) {
      best = candidate;
      bestTypos = typos;
      bestCount = count;
    }
  });
  return best < 0 ? null : words[best]!;
}
