// Words for search: lower-cased, accents removed, split at anything that is not a letter or digit.
// "E-commerce" and "GPT-4" are indexed as their parts and as one joined word, so a query for
// "ecommerce", "commerce" or "gpt4" finds them.

const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;
const JOINER = /['’.-]/g;

/** Longer words are cut to this length; nothing real is longer, and it bounds the edit distance. */
export const MAX_WORD_LENGTH = 40;

function normalize(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The words a field contributes to the index. */
export function indexWords(text: string): string[] {
  const words: string[] = [];
  for (const [token] of normalize(text).matchAll(WORD)) {
    const parts = token.split(JOINER);
    for (const part of parts) words.push(part.slice(0, MAX_WORD_LENGTH));
    if (parts.length > 1) words.push(parts.join("").slice(0, MAX_WORD_LENGTH));
  }
  return words;
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
