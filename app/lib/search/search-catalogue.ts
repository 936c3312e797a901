import { MAX_SEARCH_RESULTS, MIN_SEARCH_LENGTH } from "../constants";
import { forEachWordWithinTypos, typoDistance, typosAllowed } from "./edit-distance";
import { MAX_QUERY_WORDS } from "./query-reading";
import { searchDocuments, type SearchHit, type SearchIndex } from "./search-index";
import { queryTokens, queryWords, stemOf } from "./tokenize";
import { beginsSomeWord } from "./vocabulary";

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
export const FEW_HITS = 5;
/** Shorter words are too likely to be near some unrelated word to be corrected. */
const MIN_CORRECTED_LENGTH = 3;

/** The tools a search finds, with the relaxed words and a suggested spelling (see SearchOutcome). */
export function searchCatalogue(
  index: SearchIndex,
  text: string,
  limit: number = MAX_SEARCH_RESULTS,
): SearchOutcome {
  const words = queryWords(text, MIN_SEARCH_LENGTH).slice(0, MAX_QUERY_WORDS);
  // The words as typed, with the one-letter ones that join a neighbour ("e mail"), each word
  // once, and without the words the search does not read.
  const untaken = new Set(words);
  const tokens = queryTokens(text).filter(
    (token) => token.length < MIN_SEARCH_LENGTH || untaken.delete(token),
  );
  let hits = searchDocuments(index, text, limit);
  let relaxedSearch: string | null = null;
  if (hits.length === 0 && words.length > 1) {
    const relaxed = relaxedHits(index, words, tokens, limit);
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
 * Drops the weakest word until the rest find something or one word is left: a word that finds
 * nothing alone, otherwise the one that finds the most tools alone (it tells the least).
 */
function relaxedHits(
  index: SearchIndex,
  words: readonly string[],
  tokens: readonly string[],
  limit: number,
): { hits: SearchHit[]; relaxedSearch: string } | null {
  // A word alone finds the same tools whatever else is kept, so each is searched once.
  const aloneCounts = new Map(
    words.map((word) => [word, searchDocuments(index, word, MAX_SEARCH_RESULTS).length]),
  );
  const weakness = (word: string) => {
    const count = aloneCounts.get(word)!;
    return count === 0 ? Infinity : count;
  };
  let left = [...words];
  let kept = [...tokens];
  while (left.length > 1) {
    // On a tie the later word goes: people tend to type the main word first.
    let weakest = left[0]!;
    for (const word of left) if (weakness(word) >= weakness(weakest)) weakest = word;
    left = left.filter((word) => word !== weakest);
    kept = kept.filter((token) => token !== weakest);
    const relaxedSearch = kept.join(" ");
    const hits = searchDocuments(index, relaxedSearch, limit);
    if (hits.length > 0) return { hits, relaxedSearch };
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
