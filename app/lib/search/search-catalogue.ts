import { MAX_SEARCH_RESULTS, MIN_SEARCH_LENGTH } from "../constants";
import { forEachWordWithinTypos, typoDistance, typosAllowed } from "./edit-distance";
import { MAX_JOINED_TOKENS, MIN_JOIN_LENGTH } from "./query-plan";
import { MAX_QUERY_WORDS } from "./query-reading";
import {
  countDocuments,
  searchDocuments,
  type SearchHit,
  type SearchIndex,
} from "./search-index";
import { queryTokens, queryWords, stemOf } from "./tokenize";
import { beginsSomeWord, positionOf } from "./vocabulary";

// No dead ends (issue 21): a search no tool matches in full is answered without its weakest
// words, and a misspelt one is offered in the catalogue's own spelling.

export interface SearchOutcome {
  hits: SearchHit[];
  /** The words the hits match when some were dropped, in the typed order; null otherwise. */
  relaxedSearch: string | null;
  /**
   * The search spelt with the catalogue's words, when the hits are few or relaxed and it finds
   * more tools than they are (any, against a relaxed answer).
   */
  suggestedSearch: string | null;
}

/** Fewer hits than this, and a better-spelt search is worth offering. */
const FEW_HITS = 5;
/** Shorter words are too likely to be near some unrelated word to be corrected. */
const MIN_CORRECTED_LENGTH = 3;

/** The tools a search finds, with the relaxed words and a suggested spelling (see SearchOutcome). */
export function searchCatalogue(
  index: SearchIndex,
  text: string,
  limit: number = MAX_SEARCH_RESULTS,
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
  // A relaxed answer matches no tool in full, so any tool the suggestion finds is a better one.
  const toBeat = relaxedSearch === null ? hits.length : 0;
  const suggestedSearch =
    suggested !== null && searchDocuments(index, suggested, limit).length > toBeat
      ? suggested
      : null;
  return { hits, relaxedSearch, suggestedSearch };
}

/**
 * The typed tokens the search reads as one, in order: neighbours the query plan joins into one
 * indexed word ("e mail", "note taker"; at the end, the beginning of one is enough), else each
 * word alone. A one-letter token that joins no neighbour is left out: the search does not read it.
 */
function unitsOf(index: SearchIndex, tokens: readonly string[]): string[][] {
  const { words } = index;
  const units: string[][] = [];
  let at = 0;
  while (at < tokens.length) {
    let length = Math.min(MAX_JOINED_TOKENS, tokens.length - at);
    for (; length > 1; length--) {
      const joined = tokens.slice(at, at + length).join("");
      const isLast = at + length === tokens.length;
      if (joined.length < MIN_JOIN_LENGTH) continue;
      if (isLast ? beginsSomeWord(words, joined) : positionOf(words, joined) >= 0) break;
    }
    if (length > 1 || tokens[at]!.length >= MIN_SEARCH_LENGTH) {
      units.push(tokens.slice(at, at + length));
    }
    at += length;
  }
  return units;
}

/**
 * Drops the units (see unitsOf) that find nothing alone, then the weakest one at a time, until
 * the rest find something or one is left: the weakest finds the most tools alone (it tells the
 * least).
 */
function relaxedHits(
  index: SearchIndex,
  units: readonly string[][],
  limit: number,
): { hits: SearchHit[]; relaxedSearch: string } | null {
  // A unit alone finds the same tools whatever else is kept, so each is counted once.
  const counts = new Map(units.map((unit) => [unit, countDocuments(index, unit.join(" "))]));
  const withoutWeakest = (kept: readonly string[][]) => {
    if (kept.length <= 1) return [];
    // On a tie the later unit goes: people tend to type the main word first.
    let weakest = kept[0]!;
    for (const unit of kept) if (counts.get(unit)! >= counts.get(weakest)!) weakest = unit;
    return kept.filter((unit) => unit !== weakest);
  };
  // A unit that finds nothing alone leaves nothing for the others to find, so all such go first.
  let left = units.filter((unit) => counts.get(unit)! > 0);
  if (left.length === units.length) left = withoutWeakest(left);
  while (left.length > 0) {
    const relaxedSearch = left.flat().join(" ");
    const hits = searchDocuments(index, relaxedSearch, limit);
    if (hits.length > 0) return { hits, relaxedSearch };
    left = withoutWeakest(left);
  }
  return null;
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
