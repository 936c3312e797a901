import { MAX_SEARCH_RESULTS, MIN_SEARCH_LENGTH } from "../constants";
import { prefixEditDistance } from "./edit-distance";
import { FIELD_SHARE, popularity, relevance, wordMatchQuality } from "./relevance";
import { comparableName, forEachIndexWord, joinedWords, queryWords, stemOf } from "./tokenize";

// Weighted per-word search over a fixed list of documents (DESIGN.md 6, decision 005). Pure and
// universal: it runs the same in Node and in a browser.

/** spec 5 fuzzy-search parameters. */
export const SEARCH_THRESHOLD = 0.15;
/** Words beyond these add nothing a person means and only add work. */
const MAX_QUERY_WORDS = 8;

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
/** Another form of the word counts a little less than the word itself. */
const OTHER_FORM_QUALITY = 0.85;

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

/** A growable list of 32-bit numbers. */
class NumberList {
  values = new Uint32Array(1024);
  length = 0;
  push(value: number) {
    if (this.length === this.values.length) {
      const grown = new Uint32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
}

export function buildSearchIndex(docs: readonly SearchDocument[]): SearchIndex {
  // First pass: number the words as they come and list (word, document, field) once per word and
  // document. Fields come heaviest first, so a word's first field in a document is its best.
  const wordIds = new Map<string, number>();
  const lastDocOfWord = new NumberList();
  const pairWords = new NumberList();
  const pairPostings = new NumberList();
  docs.forEach((doc, docIndex) => {
    let field = 0;
    const add = (word: string) => {
      let id = wordIds.get(word);
      if (id === undefined) {
        id = wordIds.size;
        wordIds.set(word, id);
        lastDocOfWord.push(0);
      }
      if (lastDocOfWord.values[id] === docIndex + 1) return;
      lastDocOfWord.values[id] = docIndex + 1;
      pairWords.push(id);
      pairPostings.push((docIndex << FIELD_BITS) | field);
    };
    for (const text of fieldTexts(doc)) {
      forEachIndexWord(text, add);
      // "ChatGPT" and "Chat GPT" are the same name to a person typing it.
      if (field === 0 && doc.name) add(joinedWords(doc.name));
      field++;
    }
  });

  // Second pass: sort the vocabulary and lay each word's postings out together.
  const words = [...wordIds.keys()].sort();
  const rankOfId = new Uint32Array(words.length);
  words.forEach((word, rank) => (rankOfId[wordIds.get(word)!] = rank));
  const start = new Uint32Array(words.length + 1);
  for (let i = 0; i < pairWords.length; i++) start[rankOfId[pairWords.values[i]!]! + 1]!++;
  for (let rank = 0; rank < words.length; rank++) start[rank + 1]! += start[rank]!;
  const next = start.slice(0, words.length);
  const postings = new Uint32Array(pairWords.length);
  for (let i = 0; i < pairWords.length; i++) {
    postings[next[rankOfId[pairWords.values[i]!]!]!++] = pairPostings.values[i]!;
  }

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

/** The range [from, to) of the sorted vocabulary that begins with `prefix`. */
function prefixRange(words: readonly string[], prefix: string): [number, number] {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  let to = low;
  while (to < words.length && words[to]!.startsWith(prefix)) to++;
  return [low, to];
}

/**
 * Every indexed word a query word matches: words it begins, other forms of it, and, for longer
 * query words, words within floor(0.15 x length) typos of it or of their beginning (spec 5).
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
  const [first, end] = prefixRange(words, query);
  for (let i = first; i < end; i++) {
    matches.push({ word: i, quality: wordMatchQuality(query.length, words[i]!.length, 0) });
  }
  // Other forms of the word: "automation" also finds "automated". The stem's range holds the
  // query's own range, which is already matched.
  const stem = stemOf(query);
  let [skipFrom, skipTo] = [first, end];
  if (stem) {
    [skipFrom, skipTo] = prefixRange(words, stem);
    for (let i = skipFrom; i < skipTo; i++) {
      if (i >= first && i < end) continue;
      const quality = wordMatchQuality(query.length, words[i]!.length, 0) * OTHER_FORM_QUALITY;
      matches.push({ word: i, quality });
    }
  }
  const maxTypos = Math.floor(SEARCH_THRESHOLD * query.length);
  if (maxTypos > 0) {
    for (let i = 0; i < words.length; i++) {
      if (i === skipFrom) i = skipTo;
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
  limit: number = MAX_SEARCH_RESULTS,
): SearchHit[] {
  if (text.trim().length < MIN_SEARCH_LENGTH) return [];
  const words = queryWords(text, MIN_SEARCH_LENGTH).slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return [];

  const { best, total, matched } = scratchFor(index.size);
  let candidates: number[] = [];
  for (const [round, word] of words.entries()) {
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
    // Every word must match: once no document is left, the other words cannot add any.
    if (touched.length === 0) break;
  }

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
