// Words for search: lower-cased, accents removed, split at anything that is not a letter or digit.
// "E-commerce" and "GPT-4" are indexed as their parts and as one joined word, so a query for
// "ecommerce", "commerce" or "gpt4" finds them.

const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;
const JOINER = /['’.-]/g;
const JOINED = /['’.-]/;

/** Longer words are cut to this length; nothing real is longer, and it bounds the edit distance. */
export const MAX_WORD_LENGTH = 40;

const NON_ASCII = /[^ -~\t\n\r]/;

function normalize(text: string): string {
  const lower = text.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize("NFKD").replace(/\p{M}/gu, "") : lower;
}

/** Calls `visit` with each word a field contributes to the index. */
export function forEachIndexWord(text: string, visit: (word: string) => void): void {
  for (const [token] of normalize(text).matchAll(WORD)) {
    if (!JOINED.test(token)) {
      visit(token.length > MAX_WORD_LENGTH ? token.slice(0, MAX_WORD_LENGTH) : token);
      continue;
    }
    const parts = token.split(JOINER);
    for (const part of parts) visit(part.slice(0, MAX_WORD_LENGTH));
    visit(parts.join("").slice(0, MAX_WORD_LENGTH));
  }
}

/** The words a field contributes to the index, in order. */
export function indexWords(text: string): string[] {
  const words: string[] = [];
  forEachIndexWord(text, (word) => words.push(word));
  return words;
}

/** Every letter and digit of a text as one word: "Chat GPT-4" is "chatgpt4". */
export function joinedWords(text: string): string {
  return (normalize(text).match(/[\p{L}\p{N}]+/gu) ?? []).join("").slice(0, MAX_WORD_LENGTH);
}

/**
 * The words of a query, each joined as one ("e-commerce" is "ecommerce"). Words shorter than
 * `minLength` are dropped: they would match almost everything (spec 5, minimum match length).
 */
export function queryWords(text: string, minLength: number): string[] {
  const words = new Set<string>();
  for (const [token] of normalize(text).matchAll(WORD)) {
    const word = token.replace(JOINER, "").slice(0, MAX_WORD_LENGTH);
    if (word.length >= minLength) words.add(word);
  }
  return [...words];
}

/** A name compared as the spec's "exact name match": case, accents and spacing do not count. */
export function comparableName(text: string): string {
  return normalize(text).trim().replace(/\s+/g, " ");
}

// Common English endings, tried in this order; what is left must keep at least 4 letters.
const ENDINGS = ["ions", "ion", "ings", "ing", "ers", "er", "ies", "es", "ed", "s", "ly"];
const MIN_STEM_LENGTH = 4;

/**
 * The word without a common ending, so that other forms of it match: "automation" finds
 * "automated", "meetings" finds "meet". Null when no ending can be cut.
 */
export function stemOf(word: string): string | null {
  for (const ending of ENDINGS) {
    if (word.endsWith(ending) && word.length - ending.length >= MIN_STEM_LENGTH) {
      return word.slice(0, -ending.length);
    }
  }
  return null;
}
