import { MAX_SEARCH_RESULTS, MIN_SEARCH_LENGTH } from "~/lib/constants";
import { forEachWordWithinTypos, typosAllowed } from "./edit-distance.server";
import { planQuery } from "./query-plan.server";
import type { QueryReading, QueryTerm } from "./query-reading.server";
import {
  FIELD_SHARE,
  OTHER_FORM_QUALITY,
  popularity,
  relevance,
  wordMatchQuality,
} from "./relevance.server";
import { comparableName, hashWord, joinedWords, scanIndexWords, stemOf } from "./tokenize.server";
import { prefixRange } from "./vocabulary.server";
import { WordTable } from "./word-table.server";

// Weighted per-word search over a fixed list of documents (DESIGN.md 6, decisions 005 and 015).
// Pure and universal: it runs the same in Node and in a browser.

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
  /** Relevance in [0, 1]. */
  relevance: number;
  isExactName: boolean;
  /**
   * The query words this document matched only with typos, plus what its reading costs: fewer
   * typos rank higher, whatever the relevance (an exact or prefix match beats a typo match).
   */
  typos: number;
}

interface WordMatch {
  word: number;
  quality: number;
}

/** The indexed words a query word matches: those without typos first, then from `typoFrom`. */
interface WordMatches {
  matches: WordMatch[];
  typoFrom: number;
}

/** Immutable once built: an update makes a new index and leaves this one as it was. */
export interface SearchIndex {
  readonly size: number;
  /** The vocabulary, sorted. */
  readonly words: readonly string[];
  /**
   * Postings of word i are postings[start[i] .. start[i + 1]), each `doc << 4 | field`, in
   * increasing document order.
   */
  readonly start: Uint32Array;
  readonly postings: Uint32Array;
  readonly names: readonly string[];
  /** hashWord of each name, so most documents are ruled out as exact matches without it. */
  readonly nameHashes: Int32Array;
  readonly popularity: Float32Array;
  readonly matchCache: Map<string, WordMatches>;
}

const FIELD_BITS = 4;
const FIELD_MASK = (1 << FIELD_BITS) - 1;
const MATCH_CACHE_SIZE = 500;

/** The searched texts of each field, in FIELD_WEIGHTS order: heaviest first. */
function fieldsOf(doc: SearchDocument): (string | readonly string[])[] {
  return [
    doc.name,
    doc.category ?? "",
    doc.subCategory ?? "",
    doc.cardDescription,
    doc.hashtags,
    doc.keyFeatures,
    doc.longDescription,
    doc.seo.titleTag,
    doc.seo.metaDescription,
  ];
}

const CHUNK_BITS = 16;
const CHUNK_MASK = (1 << CHUNK_BITS) - 1;

/**
 * A list of 32-bit numbers that grows by chunks: millions of entries cost no copying, and at most
 * one chunk more than they take.
 */
class NumberList {
  #chunks: Uint32Array[] = [];
  length = 0;
  push(value: number) {
    if ((this.length & CHUNK_MASK) === 0) this.#chunks.push(new Uint32Array(1 << CHUNK_BITS));
    this.#chunks[this.length >>> CHUNK_BITS]![this.length & CHUNK_MASK] = value;
    this.length++;
  }
  at(index: number): number {
    return this.#chunks[index >>> CHUNK_BITS]![index & CHUNK_MASK]!;
  }
}

/**
 * Lists each (word, document) pair once, with the heaviest field the word is in: fields come
 * heaviest first, so a word's first field in a document is its best. Documents come in
 * increasing order.
 */
class PostingCollector {
  readonly table = new WordTable();
  /** Per pair, `word << 4 | field`; the pairs of the k-th document added end at ends[k]. */
  readonly #pairs = new NumberList();
  readonly #docs: number[] = [];
  readonly #ends: number[] = [];
  /** Per word: the count of documents added when it was last listed. */
  #lastListed = new Uint32Array(1024);
  #field = 0;
  #visitUnits = (units: Uint16Array, length: number, hash: number) =>
    this.#list(this.table.idOf(units, length, hash));

  add(doc: number, document: SearchDocument) {
    this.#docs.push(doc);
    this.#field = 0;
    for (const texts of fieldsOf(document)) {
      if (typeof texts === "string") scanIndexWords(texts, this.#visitUnits);
      else for (const text of texts) scanIndexWords(text, this.#visitUnits);
      // "ChatGPT" and "Chat GPT" are the same name to a person typing it.
      if (this.#field === 0 && document.name) {
        this.#list(this.table.idOfWord(joinedWords(document.name)));
      }
      this.#field++;
    }
    this.#ends.push(this.#pairs.length);
  }

  #list(word: number) {
    if (word >= this.#lastListed.length) {
      const grown = new Uint32Array(this.#lastListed.length * 2);
      grown.set(this.#lastListed);
      this.#lastListed = grown;
    }
    if (this.#lastListed[word] === this.#docs.length) return;
    this.#lastListed[word] = this.#docs.length;
    this.#pairs.push((word << FIELD_BITS) | this.#field);
  }

  /** The words in sorted order, and each word's place in it by its number. */
  sortedWords(): { words: string[]; rankOf: Uint32Array } {
    const words = [...this.table.words].sort();
    const rankOf = new Uint32Array(words.length);
    words.forEach((word, rank) => (rankOf[this.table.idOfWord(word)] = rank));
    return { words, rankOf };
  }

  /** The pairs grouped by word (in rank order), each group in document order. */
  postingsByRank(rankOf: Uint32Array): { start: Uint32Array; postings: Uint32Array } {
    const pairs = this.#pairs;
    const start = new Uint32Array(rankOf.length + 1);
    for (let i = 0; i < pairs.length; i++) start[rankOf[pairs.at(i) >>> FIELD_BITS]! + 1]!++;
    for (let rank = 0; rank < rankOf.length; rank++) start[rank + 1]! += start[rank]!;
    const next = start.slice(0, rankOf.length);
    const postings = new Uint32Array(pairs.length);
    let i = 0;
    this.#docs.forEach((doc, k) => {
      for (const end = this.#ends[k]!; i < end; i++) {
        const pair = pairs.at(i);
        postings[next[rankOf[pair >>> FIELD_BITS]!]!++] = (doc << FIELD_BITS) | (pair & FIELD_MASK);
      }
    });
    return { start, postings };
  }
}

/**
 * Every index is made here, so all have one shape and the code that reads them stays
 * specialised to it.
 */
function searchIndexOf(parts: Omit<SearchIndex, "size" | "matchCache">): SearchIndex {
  return {
    size: parts.names.length,
    words: parts.words,
    start: parts.start,
    postings: parts.postings,
    names: parts.names,
    nameHashes: parts.nameHashes,
    popularity: parts.popularity,
    matchCache: new Map(),
  };
}

export function buildSearchIndex(docs: readonly SearchDocument[]): SearchIndex {
  const collector = new PostingCollector();
  docs.forEach((doc, docIndex) => collector.add(docIndex, doc));
  const { words, rankOf } = collector.sortedWords();
  const names = docs.map((doc) => comparableName(doc.name));
  return searchIndexOf({
    words,
    ...collector.postingsByRank(rankOf),
    names,
    nameHashes: Int32Array.from(names, hashWord),
    popularity: Float32Array.from(docs, popularity),
  });
}

/** The index with other popularities (new like or view counts); the rest is shared. */
export function withPopularity(index: SearchIndex, popularities: Float32Array): SearchIndex {
  return { ...searchIndexOf({ ...index, popularity: popularities }), matchCache: index.matchCache };
}

/** How the documents of an index change: see updateSearchIndex. */
export interface SearchIndexChange {
  /** The number of documents after the change. */
  size: number;
  /**
   * Each document's new number, or -1 when it leaves. Documents that stay keep their order:
   * a larger old number gets a larger new number.
   */
  renumber: Int32Array;
  /** The documents that join, at the numbers no staying document took, in increasing order. */
  joining: readonly { doc: number; document: SearchDocument }[];
}

/**
 * The index of the changed document list, equal to buildSearchIndex of the whole new list: only
 * the joining documents are read; the rest of the postings are renumbered and merged.
 */
export function updateSearchIndex(index: SearchIndex, change: SearchIndexChange): SearchIndex {
  const { size, renumber, joining } = change;
  const collector = new PostingCollector();
  for (const { doc, document } of joining) collector.add(doc, document);
  const added = collector.sortedWords();
  const addedPostings = collector.postingsByRank(added.rankOf);

  // One pass over both sorted vocabularies: each word's postings that stay, renumbered, merged
  // with the joining ones. A word left without postings leaves the vocabulary.
  const words: string[] = [];
  const oldStart = index.start;
  const oldPostings = index.postings;
  const joinStart = addedPostings.start;
  const joinPostings = addedPostings.postings;
  const start = new Uint32Array(index.words.length + added.words.length + 1);
  const postings = new Uint32Array(oldPostings.length + joinPostings.length);
  let out = 0;
  let old = 0;
  let add = 0;
  while (old < index.words.length || add < added.words.length) {
    const oldWord = index.words[old];
    const addedWord = added.words[add];
    const takeOld = oldWord !== undefined && (addedWord === undefined || oldWord <= addedWord);
    const takeAdded = addedWord !== undefined && (oldWord === undefined || addedWord <= oldWord);
    const wordStart = out;
    let p = takeOld ? oldStart[old]! : 0;
    const pEnd = takeOld ? oldStart[old + 1]! : 0;
    if (takeAdded) {
      let q = joinStart[add]!;
      const qEnd = joinStart[add + 1]!;
      for (; p < pEnd; p++) {
        const posting = oldPostings[p]!;
        const doc = renumber[posting >>> FIELD_BITS]!;
        if (doc < 0) continue;
        const renumbered = (doc << FIELD_BITS) | (posting & FIELD_MASK);
        while (q < qEnd && joinPostings[q]! < renumbered) {
          postings[out++] = joinPostings[q++]!;
        }
        postings[out++] = renumbered;
      }
      while (q < qEnd) postings[out++] = joinPostings[q++]!;
    } else {
      for (; p < pEnd; p++) {
        const posting = oldPostings[p]!;
        const doc = renumber[posting >>> FIELD_BITS]!;
        if (doc >= 0) postings[out++] = (doc << FIELD_BITS) | (posting & FIELD_MASK);
      }
    }
    if (out > wordStart) {
      words.push(takeOld ? oldWord : addedWord!);
      start[words.length] = out;
    }
    if (takeOld) old++;
    if (takeAdded) add++;
  }

  // Each new document's old number, or -1 for a joining one.
  const from = new Int32Array(size).fill(-1);
  for (let doc = 0; doc < renumber.length; doc++)
    if (renumber[doc]! >= 0) from[renumber[doc]!] = doc;
  const joiningAt = new Map(joining.map(({ doc, document }) => [doc, document]));
  const names = Array.from(from, (old, doc) =>
    old >= 0 ? index.names[old]! : comparableName(joiningAt.get(doc)!.name),
  );
  const nameHashes = new Int32Array(size);
  const popularities = new Float32Array(size);
  for (let doc = 0; doc < size; doc++) {
    const old = from[doc]!;
    nameHashes[doc] = old >= 0 ? index.nameHashes[old]! : hashWord(names[doc]!);
    popularities[doc] = old >= 0 ? index.popularity[old]! : popularity(joiningAt.get(doc)!);
  }
  return searchIndexOf({
    words,
    // Views, not copies: what is left over is the postings of the tools that left.
    start: start.subarray(0, words.length + 1),
    postings: postings.subarray(0, out),
    names,
    nameHashes,
    popularity: popularities,
  });
}

/**
 * Every indexed word a query word matches: words it begins, other forms of it, and, when typos
 * are forgiven, words within typosAllowed(length) typos of it or of their beginning.
 */
function matchWord(index: SearchIndex, query: string, allowsTypos: boolean): WordMatches {
  // Indexed words are letters and digits only, so "=" cannot begin one.
  const key = allowsTypos ? query : `=${query}`;
  const cached = index.matchCache.get(key);
  if (cached) {
    index.matchCache.delete(key);
    index.matchCache.set(key, cached);
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
  const typoFrom = matches.length;
  if (allowsTypos) {
    // A misspelt form still finds the word's family: "tatoos" is "tattoos" and, through its
    // stem "tatoo", "tattoo". The stem forgives what its own length allows, since a short stem
    // with a typo would find unrelated words ("wirt" is near "with").
    const typoQuality = new Map<number, number>();
    const walk = (word: string, maxTypos: number, share: number) => {
      const visit = (at: number, typos: number) => {
        const quality = wordMatchQuality(query.length, words[at]!.length, typos) * share;
        if (quality > (typoQuality.get(at) ?? 0)) typoQuality.set(at, quality);
      };
      forEachWordWithinTypos(words, 0, skipFrom, word, maxTypos, visit);
      forEachWordWithinTypos(words, skipTo, words.length, word, maxTypos, visit);
    };
    if (typosAllowed(query.length) > 0) walk(query, typosAllowed(query.length), 1);
    if (stem && typosAllowed(stem.length) > 0) {
      walk(stem, typosAllowed(stem.length), OTHER_FORM_QUALITY);
    }
    for (const [word, quality] of typoQuality) matches.push({ word, quality });
  }
  const found = { matches, typoFrom };
  index.matchCache.set(key, found);
  if (index.matchCache.size > MATCH_CACHE_SIZE) {
    index.matchCache.delete(index.matchCache.keys().next().value!);
  }
  return found;
}

// Scratch space reused by every search (searches never overlap), grown to the largest index.
let scratch = newScratch(0);
function newScratch(size: number) {
  return {
    best: new Float32Array(size),
    total: new Float32Array(size),
    matched: new Uint8Array(size),
    /** 1 while a document's match of the current term is a typo match only. */
    isTypoOnly: new Uint8Array(size),
    /** The terms a document matched only with typos so far. */
    typoCount: new Uint8Array(size),
    /** Documents a round touched; in round 0 the candidates, which later rounds only narrow. */
    candidates: new Int32Array(size),
    touched: new Int32Array(size),
    hitDocs: new Int32Array(size),
    relevances: new Float64Array(size),
    isExactName: new Uint8Array(size),
    hitTypos: new Uint8Array(size),
    ranks: new Float64Array(size),
    /** Hits in the bucket where the cut falls (see topHits). */
    edge: new Int32Array(size),
  };
}
function scratchFor(size: number) {
  if (scratch.best.length < size) scratch = newScratch(size);
  return scratch;
}

// The order of hits as one number: an exact name match above all, then fewer typos (a tier each,
// up to TYPO_TIERS - 1; more typos share the last tier), then relevance, which never exceeds 1.
// A hit has at most 9: 8 terms matched only with typos and a split's 1.
const TYPO_TIERS = 10;
const MAX_RANK = 2 * TYPO_TIERS;
function rankValue(hitRelevance: number, typos: number, isExact: boolean): number {
  const tier = TYPO_TIERS - 1 - Math.min(typos, TYPO_TIERS - 1);
  return hitRelevance + tier + (isExact ? TYPO_TIERS : 0);
}
const rankOf = (hit: SearchHit) => rankValue(hit.relevance, hit.typos, hit.isExactName);
const byRank = (a: SearchHit, b: SearchHit) => rankOf(b) - rankOf(a) || a.doc - b.doc;

// Ranks counted in buckets: the bucket where the best `limit` end is found by counting, and only
// the hits in it need sorting. Most hits share one tier, so each unit of rank gets its own fine
// buckets: a coarse bucket would leave thousands of hits at the edge to sort.
const BUCKETS_PER_RANK = 1 << 12;
const RANK_BUCKETS = MAX_RANK * BUCKETS_PER_RANK;
const BUCKET_SCALE = BUCKETS_PER_RANK;
const bucketCounts = new Uint32Array(RANK_BUCKETS);
const bucketOf = (rank: number) =>
  Math.min(RANK_BUCKETS - 1, Math.max(0, Math.floor(rank * BUCKET_SCALE)));

/** The name a query names when it is one, compared as names are (exact name first). */
interface ExactName {
  name: string;
  hash: number;
}

/**
 * Matches the terms of a reading in turn, leaving in `found` each candidate's marks: the count
 * of candidates is returned, and a candidate matches every term when there is one term or
 * matched[doc] is the number of terms. Its match is best[doc] for one term, else total[doc]
 * over the number of terms, and its typo-only terms isTypoOnly[doc] or typoCount[doc]. The
 * caller reads each candidate and then clears it (clearMarks).
 */
function matchTerms(
  index: SearchIndex,
  terms: readonly QueryTerm[],
  found: typeof scratch,
): number {
  const { best, total, matched, isTypoOnly, typoCount, candidates, touched } = found;
  const { start, postings } = index;
  const isOneTerm = terms.length === 1;
  let candidateCount = 0;
  for (let round = 0; round < terms.length; round++) {
    const list = round === 0 ? candidates : touched;
    let touchedCount = 0;
    const forms = terms[round]!.forms.map((form) => ({
      form,
      found: matchWord(index, form.word, form.allowsTypos),
    }));
    // Matches without typos first: a document that has one keeps it, and its tier, even when a
    // typo match elsewhere would score higher.
    for (const withTypos of [false, true]) {
      for (const { form, found: wordMatches } of forms) {
        const { matches, typoFrom } = wordMatches;
        const to = withTypos ? matches.length : typoFrom;
        for (let m = withTypos ? typoFrom : 0; m < to; m++) {
          const match = matches[m]!;
          const quality = match.quality * form.quality;
          const end = start[match.word + 1]!;
          for (let p = start[match.word]!; p < end; p++) {
            const posting = postings[p]!;
            const doc = posting >>> FIELD_BITS;
            if (matched[doc] !== round) continue;
            if (best[doc] === 0) {
              list[touchedCount++] = doc;
              isTypoOnly[doc] = withTypos ? 1 : 0;
            } else if (withTypos && isTypoOnly[doc] === 0) {
              continue;
            }
            const score = quality * FIELD_SHARE[posting & FIELD_MASK]!;
            if (score > best[doc]!) best[doc] = score;
          }
        }
      }
    }
    if (round === 0) candidateCount = touchedCount;
    // One term: its best scores and typo marks are the document's, read below.
    if (isOneTerm) break;
    for (let t = 0; t < touchedCount; t++) {
      const doc = list[t]!;
      total[doc]! += best[doc]!;
      typoCount[doc]! += isTypoOnly[doc]!;
      matched[doc] = round + 1;
      best[doc] = 0;
      isTypoOnly[doc] = 0;
    }
    // Every term must match: once no document is left, the other terms cannot add any.
    if (touchedCount === 0) break;
  }
  return candidateCount;
}

/** Leaves a candidate's marks as an unmatched document's, ready for the next search. */
function clearMarks(found: typeof scratch, doc: number): void {
  found.best[doc] = 0;
  found.total[doc] = 0;
  found.matched[doc] = 0;
  found.isTypoOnly[doc] = 0;
  found.typoCount[doc] = 0;
}

/**
 * The documents that match every term of a reading, best first: an exact name match always
 * first, then fewer typos, then relevance (70% match, 30% popularity), then index order.
 * At most `limit`.
 */
function searchReading(
  index: SearchIndex,
  reading: QueryReading,
  exactName: ExactName,
  limit: number,
): SearchHit[] {
  const { terms } = reading;
  const found = scratchFor(index.size);
  const { best, total, matched, isTypoOnly, typoCount, candidates } = found;
  const isOneTerm = terms.length === 1;
  const candidateCount = matchTerms(index, terms, found);
  const { nameHashes, names, popularity: popularities } = index;
  const { hitDocs, relevances, isExactName, hitTypos, ranks } = found;
  bucketCounts.fill(0);
  let hitCount = 0;
  // Once `limit` hits are in buckets from `edge` up, a hit below it cannot make the cut and is
  // not kept: "ai" matches every tool, but only a few thousand are kept for the final choice.
  let edge = 0;
  let fromEdge = 0;
  for (let c = 0; c < candidateCount; c++) {
    const doc = candidates[c]!;
    const match = isOneTerm ? best[doc]! : total[doc]! / terms.length;
    const typos = (isOneTerm ? isTypoOnly[doc]! : typoCount[doc]!) + reading.typos;
    const isMatch = isOneTerm || matched[doc] === terms.length;
    clearMarks(found, doc);
    if (!isMatch) continue;
    const isExact = nameHashes[doc] === exactName.hash && names[doc] === exactName.name;
    const hitRelevance = relevance(match, popularities[doc]!);
    const rank = rankValue(hitRelevance, typos, isExact);
    const bucket = bucketOf(rank);
    if (bucket < edge) continue;
    hitDocs[hitCount] = doc;
    relevances[hitCount] = hitRelevance;
    isExactName[hitCount] = isExact ? 1 : 0;
    hitTypos[hitCount] = Math.min(typos, 255);
    ranks[hitCount++] = rank;
    bucketCounts[bucket]!++;
    fromEdge++;
    while (fromEdge - bucketCounts[edge]! >= limit) fromEdge -= bucketCounts[edge++]!;
  }
  return topHits(found, hitCount, limit);
}

/** The `limit` best hits by rank, ties in document order, sorted; only they become objects. */
function topHits(found: typeof scratch, count: number, limit: number): SearchHit[] {
  const { ranks, edge } = found;
  const hitOf = (i: number): SearchHit => ({
    doc: found.hitDocs[i]!,
    relevance: found.relevances[i]!,
    isExactName: found.isExactName[i] === 1,
    typos: found.hitTypos[i]!,
  });
  // Every hit above the edge bucket makes the cut; those in it compete for what is left.
  let edgeBucket = -1;
  let above = 0;
  if (count > limit) {
    edgeBucket = RANK_BUCKETS - 1;
    while (above + bucketCounts[edgeBucket]! < limit) above += bucketCounts[edgeBucket--]!;
  }
  const hits: SearchHit[] = [];
  let edgeCount = 0;
  for (let i = 0; i < count; i++) {
    const bucket = edgeBucket < 0 ? 0 : bucketOf(ranks[i]!);
    if (bucket > edgeBucket) hits.push(hitOf(i));
    else if (bucket === edgeBucket) edge[edgeCount++] = i;
  }
  if (edgeCount > 0) {
    const inEdge = Array.from(edge.subarray(0, edgeCount), hitOf).sort(byRank);
    for (let k = 0; k < limit - above; k++) hits.push(inEdge[k]!);
  }
  return hits.sort(byRank);
}

/**
 * The documents that match the query, best first: an exact name match always first, then fewer
 * typos, then relevance (70% match, 30% popularity), then index order. A document matches when
 * it matches every term of one of the query's readings (query-plan.ts), and takes its best.
 * At most `limit`. A query shorter than two characters, trimmed, finds nothing.
 */
export function searchDocuments(
  index: SearchIndex,
  text: string,
  limit: number = MAX_SEARCH_RESULTS,
): SearchHit[] {
  if (text.trim().length < MIN_SEARCH_LENGTH) return [];
  const readings = planQuery(index, text);
  const name = comparableName(text);
  const exactName = { name, hash: hashWord(name) };
  if (readings.length <= 1) {
    return readings.length === 0 ? [] : searchReading(index, readings[0]!, exactName, limit);
  }
  const bestOf = new Map<number, SearchHit>();
  for (const reading of readings) {
    for (const hit of searchReading(index, reading, exactName, limit)) {
      const known = bestOf.get(hit.doc);
      if (!known || rankOf(hit) > rankOf(known)) bestOf.set(hit.doc, hit);
    }
  }
  return [...bestOf.values()].sort(byRank).slice(0, limit);
}

/**
 * How many documents searchDocuments finds for the query with no limit, counted without
 * ranking them or making hits: cheap enough to weigh each word of a query on its own.
 */
export function countDocuments(index: SearchIndex, text: string): number {
  if (text.trim().length < MIN_SEARCH_LENGTH) return 0;
  const readings = planQuery(index, text);
  const { matched, candidates } = scratchFor(index.size);
  // A document found by several readings counts once.
  const isCounted = readings.length > 1 ? new Uint8Array(index.size) : null;
  let count = 0;
  for (const { terms } of readings) {
    const candidateCount = markMatches(index, terms, matched, candidates);
    for (let c = 0; c < candidateCount; c++) {
      const doc = candidates[c]!;
      const isMatch = matched[doc] === terms.length;
      matched[doc] = 0;
      if (!isMatch || isCounted?.[doc] === 1) continue;
      if (isCounted) isCounted[doc] = 1;
      count++;
    }
  }
  return count;
}

/**
 * Marks each document with the number of the reading's terms it matches in a row from the
 * first (`matched[doc]`), as matchTerms does but without scoring: every match, typo or not,
 * counts the same. Returns the number of documents the first term found, listed in `candidates`.
 */
function markMatches(
  index: SearchIndex,
  terms: readonly QueryTerm[],
  matched: Uint8Array,
  candidates: Int32Array,
): number {
  const { start, postings } = index;
  let candidateCount = 0;
  for (let round = 0; round < terms.length; round++) {
    let marked = 0;
    for (const form of terms[round]!.forms) {
      for (const { word } of matchWord(index, form.word, form.allowsTypos).matches) {
        const end = start[word + 1]!;
        for (let p = start[word]!; p < end; p++) {
          const doc = postings[p]! >>> FIELD_BITS;
          if (matched[doc] !== round) continue;
          matched[doc] = round + 1;
          if (round === 0) candidates[candidateCount++] = doc;
          marked++;
        }
      }
    }
    // Every term must match: once no document is left, the other terms cannot add any.
    if (marked === 0) break;
  }
  return candidateCount;
}
