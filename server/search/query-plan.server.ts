import { MIN_SEARCH_LENGTH } from "~/lib/constants";
import {
  MAX_QUERY_WORDS,
  type QueryForm,
  type QueryReading,
  type QueryTerm,
} from "./query-reading.server";
import { OTHER_FORM_QUALITY } from "./relevance.server";
import type { SearchIndex } from "./search-index.server";
import { LONGEST_SYNONYM, synonymsOf } from "./synonyms.server";
import { queryTokens, stemOf, yFormsOf } from "./tokenize.server";
import { beginsSomeWord, documentFrequency, prefixFrequency } from "./vocabulary.server";

// A query is read as typed and in a few other ways a person may have meant it: neighbouring
// typed words that are one indexed word ("e mail" is "email"), one typed word that is two
// ("notetaking" is "note taking"), and synonyms and abbreviations from synonyms.ts ("cv" is
// "resume", "hr" is "human resources"). A document found by any reading is a hit
// (search-index.ts). Words we add rather than the person typed forgive no typo, and only those
// some indexed word begins are added: a reading that cannot match is not searched.

/** Each reading is a search of its own: a long query stays fast. The typed one is the first. */
export const MAX_READINGS = 6;
/** A word the person did not type but that means the same counts a little less. */
export const SYNONYM_QUALITY = 0.9;
/** Shorter joins are chance more often than meaning ("a b" is not "ab"). */
const MIN_JOIN_LENGTH = 3;
export const MAX_JOINED_TOKENS = 3;
const MIN_SPLIT_PART = 2;
/** An indexed word is not split at a short word that begins many ("in voice" for "invoice"). */
const MIN_INDEXED_SPLIT_PART = 3;
/** A shorter word that finds nothing is more often mistyped than two ("leter" is not "le ter"). */
const MIN_SPLIT_LENGTH = 6;
/** British and American spellings: only words this long, where the ending says it is one. */
const MIN_VARIANT_LENGTH = 6;
const BRITISH = /(?<=[^aeiou])(is|ys)(e|es|ed|ing|ation|ations|er|ers)$/;
const AMERICAN = /(?<=[^aeiou])(iz|yz)(e|es|ed|ing|ation|ations|er|ers)$/;
/** An "-er" or "-ers" word of 5+ letters, by its letters before the ending ("tak" of "takers"). */
const AGENT_ENDING = /^(.{3,})ers?$/;
/**
 * A word of 6+ letters ending in a consonant and "e", by its letters before the "e". A shorter
 * one's -ing form has a stem that begins other words: "storing" is "stor", as in "story".
 */
const E_ENDING = /^(.{4,}[^aeiou])e$/;

/** The other spelling of a British or American word ("optimisation", "optimization"). */
function spellingVariantOf(word: string): string | null {
  if (word.length < MIN_VARIANT_LENGTH) return null;
  if (BRITISH.test(word))
    return word.replace(BRITISH, (_, stem: string, end: string) => `${stem[0]}z${end}`);
  if (AMERICAN.test(word))
    return word.replace(AMERICAN, (_, stem: string, end: string) => `${stem[0]}s${end}`);
  return null;
}

/** A reading that lists a word's term once ("business to business"). */
function readingOfTerms(terms: readonly QueryTerm[], typos: number): QueryReading {
  const unique = new Map(terms.map((term) => [term.forms[0]!.word, term]));
  return { terms: [...unique.values()], typos };
}

/**
 * The tokens up to the MAX_QUERY_WORDS-th distinct word: the query the readings read, so that
 * none reads a typed word another leaves out.
 */
function readTokens(tokens: readonly string[]): string[] {
  const words = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.length < MIN_SEARCH_LENGTH) continue;
    words.add(tokens[i]!);
    if (words.size === MAX_QUERY_WORDS) return tokens.slice(0, i + 1);
  }
  return [...tokens];
}

/**
 * The indexed word tokens[from .. from + length) make once joined ("chat with pdf" is
 * "chatwithpdf"), or null. A join that ends the query may be a word still being typed, so there
 * the beginning of an indexed word is enough; elsewhere it would join words by chance ("a crm for
 * e commerce" is not "fore").
 */
export function joinedAt(
  index: SearchIndex,
  tokens: readonly string[],
  from: number,
  length: number,
): string | null {
  const joined = tokens.slice(from, from + length).join("");
  if (joined.length < MIN_JOIN_LENGTH) return null;
  const isLast = from + length === tokens.length;
  const isIndexed = isLast
    ? beginsSomeWord(index.words, joined)
    : documentFrequency(index, joined) > 0;
  return isIndexed ? joined : null;
}

const keyOf = (reading: QueryReading) => reading.terms.map((term) => term.forms[0]!.word).join(" ");

/**
 * The readings of a query the index is searched for, the typed one first, at most
 * MAX_READINGS; none when the query has no word of MIN_SEARCH_LENGTH characters.
 */
export function planQuery(index: SearchIndex, text: string): QueryReading[] {
  const tokens = readTokens(queryTokens(text));
  const wordsOf = (sequence: readonly string[]) => [
    ...new Set(sequence.filter((word) => word.length >= MIN_SEARCH_LENGTH)),
  ];
  const words = wordsOf(tokens);
  if (words.length === 0) return [];
  const begins = (word: string) => beginsSomeWord(index.words, word);
  const frequency = (word: string) => documentFrequency(index, word);

  /**
   * A form we add for a word: only when some document can match it, as a beginning or through
   * its stem ("optimizing" finds "optimization" by "optimiz").
   */
  const addedForm = (forms: QueryForm[], word: string | null, quality: number) => {
    if (word && begins(stemOf(word) ?? word) && !forms.some((form) => form.word === word)) {
      forms.push({ word, quality, allowsTypos: false });
    }
  };
  /** A form and its other British or American spelling ("optimising", "optimizing"). */
  const addedForms = (forms: QueryForm[], word: string, quality: number) => {
    addedForm(forms, word, quality);
    addedForm(forms, spellingVariantOf(word), quality);
  };
  /**
   * A word as typed (typos forgiven), a part of a typed word we split (none forgiven), or a word
   * of a synonym the reading puts in its place.
   */
  const termOf = (word: string, kind: "typed" | "part" | "synonym"): QueryTerm => {
    const quality = kind === "synonym" ? SYNONYM_QUALITY : 1;
    const forms: QueryForm[] = [{ word, quality, allowsTypos: kind === "typed" }];
    addedForm(forms, spellingVariantOf(word), quality);
    // "companies" for "company", as whole words: their common beginning also begins "companion".
    for (const form of yFormsOf(word)) {
      if (frequency(form) > 0) addedForm(forms, form, quality * OTHER_FORM_QUALITY);
    }
    if (kind === "synonym") return { forms };
    // "cvs" is looked up as "cv".
    const ownEntries = synonymsOf(word);
    const entries = ownEntries.length > 0 ? ownEntries : synonymsOf(word.replace(/s$/, ""));
    for (const entry of entries) {
      if (entry.length === 1) addedForms(forms, entry[0]!, SYNONYM_QUALITY);
    }
    // Someone who types "note taker" where the tools say "note taking": only when the typed
    // word finds nothing itself, since "poster" and "posting" are not one thing.
    const agent = AGENT_ENDING.exec(word);
    if (agent && !begins(word)) addedForm(forms, `${agent[1]}ing`, OTHER_FORM_QUALITY);
    // "invoice" finds "invoicing", and through its stem "invoic" "invoicer", as "optimize" finds
    // "optimization" (stemOf cuts no "e": "store" is not "story"). Only when that finds words
    // the typed word does not begin: "software" needs no "softwaring".
    const verb = E_ENDING.exec(word);
    if (verb) {
      const ing = `${verb[1]}ing`;
      const reach = prefixFrequency(index, word);
      for (const form of [ing, spellingVariantOf(ing)]) {
        if (form && prefixFrequency(index, stemOf(form) ?? form) > reach) {
          addedForm(forms, form, OTHER_FORM_QUALITY);
        }
      }
    }
    return { forms };
  };
  const typedTerms = words.map((word) => termOf(word, "typed"));

  const readings: QueryReading[] = [readingOfTerms(typedTerms, 0)];
  const seen = new Set([keyOf(readings[0]!)]);
  // A reading of more terms than MAX_QUERY_WORDS is left out, not cut: cut, it would find tools
  // without some of the typed words, as if they all matched.
  const add = (reading: QueryReading) => {
    const key = keyOf(reading);
    const { length } = reading.terms;
    if (
      readings.length < MAX_READINGS &&
      length > 0 &&
      length <= MAX_QUERY_WORDS &&
      !seen.has(key)
    ) {
      seen.add(key);
      readings.push(reading);
    }
  };

  // Joins (joinedAt), the longer first, matched as a typed word is (its beginning, its forms,
  // its typos).
  for (let from = 0; from < tokens.length && readings.length < MAX_READINGS; from++) {
    for (let length = Math.min(MAX_JOINED_TOKENS, tokens.length - from); length > 1; length--) {
      const joined = joinedAt(index, tokens, from, length);
      if (joined === null) continue;
      const sequence = [...tokens.slice(0, from), joined, ...tokens.slice(from + length)];
      add(
        readingOfTerms(
          wordsOf(sequence).map((word) => termOf(word, "typed")),
          0,
        ),
      );
    }
  }

  // Synonyms of phrases: each run of typed words that is an entry of the list, in place of
  // the run the other entries of its group whose words are all indexed. One word for one word
  // is a form of the typed term.
  for (let from = 0; from < words.length; from++) {
    for (let length = Math.min(LONGEST_SYNONYM, words.length - from); length > 0; length--) {
      const run = words.slice(from, from + length).join(" ");
      for (const entry of synonymsOf(run)) {
        if (length === 1 && entry.length === 1) continue;
        const terms = entry.map((word) => termOf(word, "synonym"));
        const isFindable = (term: QueryTerm) => term.forms.some((form) => begins(form.word));
        if (!terms.every(isFindable)) continue;
        add(
          readingOfTerms(
            [...typedTerms.slice(0, from), ...terms, ...typedTerms.slice(from + length)],
            0,
          ),
        );
      }
    }
  }

  // Splits: a typed word of MIN_SPLIT_LENGTH letters or more that is two words as a person
  // would type them: an indexed word, then an indexed word, its beginning or a form we add
  // ("notetaker" is "note taking"); of its splits, the one whose rarer part is in the most tools.
  // A word some indexed word equals or begins is split only into whole words of 3+ letters, the
  // rarer in at least as many tools as the word ("website builder", not "market ing" nor "in
  // voice"). Like a typo, a split costs the reading one: its tools rank below the word's.
  words.forEach((word, at) => {
    if (word.length < MIN_SPLIT_LENGTH) return;
    const isIndexed = begins(word);
    const minPart = isIndexed ? MIN_INDEXED_SPLIT_PART : MIN_SPLIT_PART;
    /** How many tools the right part finds at most: as whole words, or also as a beginning. */
    const rightReach = (term: QueryTerm) =>
      Math.max(
        ...term.forms.map(({ word: form }) =>
          isIndexed ? frequency(form) : prefixFrequency(index, stemOf(form) ?? form),
        ),
      );
    let best: [number, QueryTerm] | null = null;
    let bestReach = isIndexed ? Math.max(frequency(word) - 1, 0) : 0;
    for (let cut = minPart; cut <= word.length - minPart; cut++) {
      const leftReach = frequency(word.slice(0, cut));
      if (leftReach <= bestReach) continue;
      const right = termOf(word.slice(cut), "part");
      const rarer = Math.min(leftReach, rightReach(right));
      if (rarer > bestReach) [best, bestReach] = [[cut, right], rarer];
    }
    if (!best) return;
    const [cut, right] = best;
    const parts = [termOf(word.slice(0, cut), "part"), right];
    add(readingOfTerms([...typedTerms.slice(0, at), ...parts, ...typedTerms.slice(at + 1)], 1));
  });

  return readings;
}
