// Words for search: lower-cased, accents removed, split at anything that is not a letter or digit.
// "E-commerce" and "GPT-4" are indexed as their parts and as one joined word, so a query for
// "ecommerce", "commerce" or "gpt4" finds them.

/** A word of a text: letters and digits, possibly joined by an apostrophe, a dot or a hyphen. */
const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;
const JOINER = /['’.-]/g;

/** Longer words are cut to this length; nothing real is longer, and it bounds the edit distance. */
export const MAX_WORD_LENGTH = 40;

const NON_ASCII = /[^ -~\t\n\r]/;

function normalize(text: string): string {
  const lower = text.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize("NFKD").replace(/\p{M}/gu, "") : lower;
}

// The index reads every word of every tool (tens of millions at 100,000 tools), so it scans the
// characters itself instead of matching WORD: no string is made for a word the index already has.
// The scan follows WORD exactly (a unit test holds the two together).

const WORD_CHAR = /^[\p{L}\p{N}]$/u;
const ANY_NON_ASCII = /[^\0-\x7f]/;
const RIGHT_QUOTE = 0x2019;

// Each ASCII letter or digit as it goes into a word (lower-cased, or as it is), 0 for the rest.
const ASCII_LOWERED = new Uint8Array(0x80);
const ASCII_AS_IS = new Uint8Array(0x80);
for (const [from, to] of [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x61, 0x7a],
]) {
  for (let unit = from!; unit <= to!; unit++) {
    ASCII_AS_IS[unit] = unit;
    ASCII_LOWERED[unit] = unit <= 0x5a && unit >= 0x41 ? unit + 0x20 : unit;
  }
}
const isJoinerUnit = (unit: number) =>
  unit === 0x2d || unit === 0x2e || unit === 0x27 || unit === RIGHT_QUOTE;

/** Whether each UTF-16 unit above ASCII is a letter or digit: 0 not known yet, 1 yes, 2 no. */
const isWordUnit = new Uint8Array(0x10000);

/** How many units the letter or digit at `i` above ASCII takes (2 for a surrogate pair), or 0. */
function wideCharWidth(text: string, i: number, unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdbff) {
    const low = text.charCodeAt(i + 1);
    return low >= 0xdc00 && low <= 0xdfff && WORD_CHAR.test(text.slice(i, i + 2)) ? 2 : 0;
  }
  if (isWordUnit[unit] === 0) isWordUnit[unit] = WORD_CHAR.test(String.fromCharCode(unit)) ? 1 : 2;
  return isWordUnit[unit] === 1 ? 1 : 0;
}

function isWordCharAt(text: string, i: number): boolean {
  const unit = text.charCodeAt(i);
  return unit < 0x80 ? ASCII_AS_IS[unit] !== 0 : wideCharWidth(text, i, unit) > 0;
}

const HASH_SEED = 0x811c9dc5 | 0;
const HASH_PRIME = 0x01000193;

/** The hash `scanIndexWords` gives a word (FNV-1a over its UTF-16 units). */
export function hashWord(word: string): number {
  let hash = HASH_SEED;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), HASH_PRIME);
  return hash;
}

/**
 * Receives one index word: the first `length` units of `units` (valid during the call only),
 * and its hashWord.
 */
export type WordVisitor = (units: Uint16Array, length: number, hash: number) => void;

const partUnits = new Uint16Array(MAX_WORD_LENGTH);
const joinedUnits = new Uint16Array(MAX_WORD_LENGTH);

/**
 * Calls `visit` with each word a field contributes to the index: every word, cut to
 * MAX_WORD_LENGTH, and a joined word's parts and then the parts together. Not reentrant.
 */
export function scanIndexWords(text: string, visit: WordVisitor): void {
  // ASCII text needs only lower-casing, done here unit by unit.
  const isAscii = !ANY_NON_ASCII.test(text);
  const source = isAscii ? text : normalize(text);
  const asciiUnit = isAscii ? ASCII_LOWERED : ASCII_AS_IS;
  const end = source.length;
  let i = 0;
  let parts = 0;
  let joinedLength = 0;
  let joinedHash = HASH_SEED;
  while (i < end) {
    // One part: a run of letters and digits.
    let partLength = 0;
    let partHash = HASH_SEED;
    while (i < end) {
      const unit = source.charCodeAt(i);
      if (unit < 0x80) {
        const wordUnit = asciiUnit[unit]!;
        if (wordUnit === 0) break;
        if (partLength < MAX_WORD_LENGTH) {
          partUnits[partLength++] = wordUnit;
          partHash = Math.imul(partHash ^ wordUnit, HASH_PRIME);
        }
        i++;
        continue;
      }
      const width = wideCharWidth(source, i, unit);
      if (width === 0) break;
      for (const wide = i + width; i < wide; i++) {
        if (partLength === MAX_WORD_LENGTH) continue;
        partUnits[partLength++] = source.charCodeAt(i);
        partHash = Math.imul(partHash ^ source.charCodeAt(i), HASH_PRIME);
      }
    }
    if (partLength === 0) {
      i++;
      continue;
    }
    visit(partUnits, partLength, partHash);
    // A joiner between letters or digits continues the word ("e-commerce", "gpt-4").
    const continues =
      i + 1 < end && isJoinerUnit(source.charCodeAt(i)) && isWordCharAt(source, i + 1);
    if (parts > 0 || continues) {
      for (let k = 0; k < partLength && joinedLength < MAX_WORD_LENGTH; k++) {
        joinedUnits[joinedLength++] = partUnits[k]!;
        joinedHash = Math.imul(joinedHash ^ partUnits[k]!, HASH_PRIME);
      }
      parts++;
    }
    if (continues) {
      i++;
    } else {
      if (parts > 1) visit(joinedUnits, joinedLength, joinedHash);
      parts = 0;
      joinedLength = 0;
      joinedHash = HASH_SEED;
    }
  }
}

const textOf = (units: Uint16Array, length: number) =>
  String.fromCharCode(...units.subarray(0, length));

/** The words a field contributes to the index, in the order scanIndexWords gives them. */
export function indexWords(text: string): string[] {
  const words: string[] = [];
  scanIndexWords(text, (units, length) => words.push(textOf(units, length)));
  return words;
}

/** Every letter and digit of a text as one word: "Chat GPT-4" is "chatgpt4". */
export function joinedWords(text: string): string {
  return (normalize(text).match(/[\p{L}\p{N}]+/gu) ?? []).join("").slice(0, MAX_WORD_LENGTH);
}

/**
 * Every word of a query in the order typed, repeats and one-letter words included, each joined
 * as one ("e-commerce" is "ecommerce"): the "e" of "e mail" is kept for joining neighbours.
 */
export function queryTokens(text: string): string[] {
  return Array.from(normalize(text).matchAll(WORD), ([token]) =>
    token.replace(JOINER, "").slice(0, MAX_WORD_LENGTH),
  );
}

/**
 * The words of a query, each joined as one ("e-commerce" is "ecommerce"), each once. Words
 * shorter than `minLength` are dropped: they would match almost everything (minimum
 * match length).
 */
export function queryWords(text: string, minLength: number): string[] {
  return [...new Set(queryTokens(text).filter((word) => word.length >= minLength))];
}

/** A name compared as the spec's "exact name match": case, accents and spacing do not count. */
export function comparableName(text: string): string {
  return normalize(text).trim().replace(/\s+/g, " ");
}

// Common English endings, tried in this order; what is left must keep at least 4 letters.
const ENDINGS = ["ions", "ion", "ings", "ing", "ers", "er", "ies", "es", "ed", "s", "ly"];
const MIN_STEM_LENGTH = 4;

/**
 * A word ending in a consonant and y, ies or ied: its letters before them (the "compan" of
 * "company", "companies", "companied"). Short bases are left alone: "fly" and "ties" are not
 * read as forms of something else.
 */
const Y_FAMILY = /^(.{2,}[^aeiou])(y|ies|ied)$/;
/** Besides y, ies and ied, the "ie" of "cookies" and "movies". */
const Y_FAMILY_ENDINGS = ["y", "ies", "ied", "ie"];

/**
 * The other spellings of a word ending in a consonant and y, ies or ied, to be matched as whole
 * words: "company" gives "companies", "companies" gives "company" and "companie". Searching them
 * by a shared beginning would also find "companion", and "policy" would find "police". Empty for
 * other words.
 */
export function yFormsOf(word: string): string[] {
  const base = Y_FAMILY.exec(word)?.[1];
  if (!base) return [];
  return Y_FAMILY_ENDINGS.map((ending) => base + ending).filter((form) => form !== word);
}

/**
 * The word without a common ending, to be searched as the beginning of other forms of it:
 * "automation" finds "automated", "meetings" finds "meet". Null when no ending can be cut, and
 * for a word ending in a consonant and ies, whose forms are yFormsOf's.
 */
export function stemOf(word: string): string | null {
  if (word.endsWith("ies") && Y_FAMILY.test(word)) return null;
  for (const ending of ENDINGS) {
    if (word.endsWith(ending) && word.length - ending.length >= MIN_STEM_LENGTH) {
      return word.slice(0, -ending.length);
    }
  }
  return null;
}

/**
 * One key for the forms of a word, compared whole (never as a beginning): "company" and
 * "companies" are "compan", "automation" and "automated" are "automat". Null when the word is
 * its own key.
 */
export function formKeyOf(word: string): string | null {
  return Y_FAMILY.exec(word)?.[1] ?? stemOf(word);
}
