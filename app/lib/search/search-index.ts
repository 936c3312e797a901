import { prefixEditDistance } from "./edit-distance";
import { FIELD_SHARE, popularity, relevance, wordMatchQuality } from "./relevance";
import { comparableName, indexWords, queryWords } from "./tokenize";

// Weighted per-word search over a fixed list of documents (DESIGN.md 6, decision 005). Pure and
// universal: it runs the same in Node and in a browser.

/** spec 5 fuzzy-search parameters. */
export const SEARCH_THRESHOLD = 0.15;
export const MIN_MATCH_LENGTH = 2;
export const MAX_RESULTS = 1000;

export interface SearchDocument {
  name: string;
  category: string | null;
  subCategory: string | null;
  cardDescription: string;
  hashtags: readonly string[];
  keyFeatures: readonly string[];
  longDescription: string;
  seo: { titleTag: string; metaDescription: string };
  views: number;
  likesTotal: number;
  ratingAvg: number;
}

export interface SearchHit {
  /** The document's position in the list the index was built from. */
  doc: number;
  /** spec 9 relevance in [0, 1]. */
  relevance: number;
  isExactName: boolean;
}

interface WordMatch {
  word: number;
  quality: number;
}

export interface SearchIndex {
  readonly size: number;
  /** The vocabulary, sorted. */
  readonly words: readonly string[];
  /** Postings of word i are postings[start[i] .. start[i + 1]), each `doc << 4 | field`. */
  readonly start: Uint32Array;
  readonly postings: Uint32Array;
  readonly names: readonly string[];
  readonly popularity: Float32Array;
  readonly matchCache: Map<string, WordMatch[]>;
}

const FIELD_BITS = 4;
const FIELD_MASK = (1 << FIELD_BITS) - 1;
const MATCH_CACHE_SIZE = 500;

function fieldTexts(doc: SearchDocument): string[] {
  return [
    doc.name,
    doc.category ?? "",
    doc.subCategory ?? "",
    doc.cardDescription,
    doc.hashtags.join(" "),
    doc.keyFeatures.join(" "),
    doc.longDescription,
    doc.seo.titleTag,
    doc.seo.metaDescription,
  ];
}

export function buildSearchIndex(docs: readonly SearchDocument[]): SearchIndex {
  // Word -> packed postings; each document lists a word once, under its heaviest field.
  const byWord = new Map<string, number[]>();
  const bestField = new Map<string, number>();
  docs.forEach((doc, docIndex) => {
    bestField.clear();
    fieldTexts(doc).forEach((text, field) => {
      for (const word of indexWords(text)) {
        if (!bestField.has(word)) bestField.set(word, field);
      }
    });
    // "ChatGPT" and "Chat GPT" are the same name to a person typing it.
    const joinedName = indexWords(doc.name).join("");
    if (joinedName && !bestField.has(joinedName)) bestField.set(joinedName, 0);
    for (const [word, field] of bestField) {
      let list = byWord.get(word);
      if (!list) byWord.set(word, (list = []));
      list.push((docIndex << FIELD_BITS) | field);
    }
  });

  const words = [...byWord.keys()].sort();
  const start = new Uint32Array(words.length + 1);
  let total = 0;
  words.forEach((word, i) => {
    start[i] = total;
    total += byWord.get(word)!.length;
  });
  start[words.length] = total;
  const postings = new Uint32Array(total);
  words.forEach((word, i) => postings.set(byWord.get(word)!, start[i]));

  return {
    size: docs.length,
    words,
    start,
    postings,
    names: docs.map((doc) => comparableName(doc.name)),
    popularity: Float32Array.from(docs, popularity),
    matchCache: new Map(),
  };
}

function firstWithPrefix(words: readonly string[], prefix: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Every indexed word a query word matches: words it begins, and, for longer query words, words
 * within floor(0.15 x length) typos of it or of their beginning (spec 5 threshold).
 */
function matchWord(index: SearchIndex, query: string): WordMatch[] {
  const cached = index.matchCache.get(query);
  if (cached) {
    index.matchCache.delete(query);
    index.matchCache.set(query, cached);
    return cached;
  }
  const { words } = index;
  const matches: WordMatch[] = [];
  const first = firstWithPrefix(words, query);
  let afterPrefix = first;
  while (afterPrefix < words.length && words[afterPrefix]!.startsWith(query)) {
    matches.push({
      word: afterPrefix,
      quality: wordMatchQuality(query.length, words[afterPrefix]!.length, 0),
    });
    afterPrefix++;
  }
  const maxTypos = Math.floor(SEARCH_THRESHOLD * query.length);
  if (maxTypos > 0) {
    for (let i = 0; i < words.length; i++) {
      if (i === first) i = afterPrefix;
      const word = words[i];
      if (word === undefined || word.length < query.length - maxTypos) continue;
      const typos = prefixEditDistance(query, word, maxTypos);
      if (typos <= maxTypos) {
        matches.push({ word: i, quality: wordMatchQuality(query.length, word.length, typos) });
      }
    }
  }
  index.matchCache.set(query, matches);
  if (index.matchCache.size > MATCH_CACHE_SIZE) {
    index.matchCache.delete(index.matchCache.keys().next().value!);
  }
  return matches;
}

// Scratch space reused by every search of an index of the same size (searches never overlap).
let scratch: { best: Float32Array; total: Float32Array; matched: Uint8Array } | null = null;
function scratchFor(size: number) {
  if (!scratch || scratch.best.length < size) {
    scratch = {
      best: new Float32Array(size),
      total: new Float32Array(size),
      matched: new Uint8Array(size),
    };
  }
  return scratch;
}

/**
 * The documents that match every word of the query, best first: an exact name match always
 * first, then by relevance (70% match, 30% popularity), then in index order. At most `limit`.
 * A query shorter than two characters, trimmed, finds nothing (spec 5).
 */
export function searchDocuments(
  index: SearchIndex,
  text: string,
  limit: number = MAX_RESULTS,
): SearchHit[] {
  if (text.trim().length < MIN_MATCH_LENGTH) return [];
  const words = queryWords(text, MIN_MATCH_LENGTH).slice(0, 255);
  if (words.length === 0) return [];

  const { best, total, matched } = scratchFor(index.size);
  let candidates: number[] = [];
  words.forEach((word, round) => {
    const touched: number[] = [];
    for (const match of matchWord(index, word)) {
      const end = index.start[match.word + 1]!;
      for (let p = index.start[match.word]!; p < end; p++) {
        const posting = index.postings[p]!;
        const doc = posting >>> FIELD_BITS;
        if (matched[doc] !== round) continue;
        const score = match.quality * FIELD_SHARE[posting & FIELD_MASK]!;
        if (best[doc] === 0) touched.push(doc);
        if (score > best[doc]!) best[doc] = score;
      }
    }
    for (const doc of touched) {
      total[doc]! += best[doc]!;
      matched[doc] = round + 1;
      best[doc] = 0;
    }
    if (round === 0) candidates = touched;
  });

  const exactName = comparableName(text);
  const hits: SearchHit[] = [];
  for (const doc of candidates) {
    if (matched[doc] === words.length) {
      hits.push({
        doc,
        relevance: relevance(total[doc]! / words.length, index.popularity[doc]!),
        isExactName: index.names[doc] === exactName,
      });
    }
    total[doc] = 0;
    matched[doc] = 0;
  }
  return topHits(hits, limit);
}

const rank = (hit: SearchHit) => hit.relevance + (hit.isExactName ? 2 : 0);

function topHits(hits: SearchHit[], limit: number): SearchHit[] {
  let kept = hits;
  if (hits.length > limit) {
    // The limit-th best rank, found with a native numeric sort, keeps the comparison sort small.
    const ranks = Float64Array.from(hits, rank).sort();
    const cutoff = ranks[ranks.length - limit]!;
    kept = hits.filter((hit) => rank(hit) >= cutoff);
  }
  kept.sort((a, b) => rank(b) - rank(a) || a.doc - b.doc);
  return kept.length > limit ? kept.slice(0, limit) : kept;
}
