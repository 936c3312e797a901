import { MAX_QUERY_WORDS, readingOf, type QueryReading } from "./query-reading";
import type { SearchIndex } from "./search-index";
import { queryWords } from "./tokenize";
import { MIN_SEARCH_LENGTH } from "../constants";

/** The readings of a query the index is searched for; a document found by any of them is a hit. */
export function planQuery(_index: SearchIndex, text: string): QueryReading[] {
  const words = queryWords(text, MIN_SEARCH_LENGTH).slice(0, MAX_QUERY_WORDS);
  return words.length === 0 ? [] : [readingOf(words)];
}
