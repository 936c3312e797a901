import { MIN_SEARCH_LENGTH } from "../constants";
import {
  MAX_QUERY_WORDS,
  type QueryForm,
  type QueryReading,
  type QueryTerm,
} from "./query-reading";
import { OTHER_FORM_QUALITY } from "./relevance";
import type { SearchIndex } from "./search-index";
import { LONGEST_SYNONYM, synonymsOf } from "./synonyms";
import { queryTokens, yFormsOf } from "./tokenize";
import { beginsSomeWord, documentFrequency } from "./vocabulary";

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
export const MIN_JOIN_LENGTH = 3;
export const MAX_JOINED_TOKENS = 3;
const MIN_SPLIT_PART = 2;
/** A shorter word that finds nothing is more often mistyped than two ("leter" is not "le ter"). */
const MIN_SPLIT_LENGTH = 6;
/** British and American spellings: only words this long, where the ending says it is one. */
const MIN_VARIANT_LENGTH = 6;
const BRITISH = /(?<=[^aeiou])(is|ys)(e|es|ed|ing|ation|ations|er|ers)$/;
const AMERICAN = /(?<=[^aeiou])(iz|yz)(e|es|ed|ing|ation|ations|er|ers)$/;

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

  /** A form we add for a typed word: only when some document can match it. */
  const addedForm = (forms: QueryForm[], word: string | null, quality: number) => {
    if (word && begins(word) && !forms.some((form) => form.word === word)) {
      forms.push({ word, quality, allowsTypos: false });
    }
  };
  /** A word as typed, or one of a synonym the reading puts in its place. */
  const termOf = (word: string, asTyped: boolean): QueryTerm => {
    const forms: QueryForm[] = [
      { word, quality: asTyped ? 1 : SYNONYM_QUALITY, allowsTypos: asTyped },
    ];
    addedForm(forms, spellingVariantOf(word), forms[0]!.quality);
    // "companies" for "company", as whole words: their common beginning also begins "companion".
    for (const form of yFormsOf(word)) {
      if (frequency(form) > 0) addedForm(forms, form, forms[0]!.quality * OTHER_FORM_QUALITY);
    }
    if (!asTyped) return { forms };
    // "cvs" is looked up as "cv".
    const ownEntries = synonymsOf(word);
    const entries = ownEntries.length > 0 ? ownEntries : synonymsOf(word.replace(/s$/, ""));
    for (const entry of entries) {
      if (entry.length === 1) {
        addedForm(forms, entry[0]!, SYNONYM_QUALITY);
        addedForm(forms, spellingVariantOf(entry[0]!), SYNONYM_QUALITY);
      }
    }
    // Someone who types "note taker" where the tools say "note taking": only when the typed
    // word finds nothing itself, since "poster" and "posting" are not one thing.
    if (word.length > 4 && word.endsWith("er") && !begins(word)) {
      addedForm(forms, `${word.slice(0, -2)}ing`, OTHER_FORM_QUALITY);
    }
    return { forms };
  };
  const typedTerms = words.map((word) => termOf(word, true));

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

  // Joins: two or three neighbouring tokens that are an indexed word once joined ("chat with
  // pdf" is "chatwithpdf"), the longer first, matched as a typed word is (its beginning, its
  // forms, its typos). A join that ends the query may be a word still being typed, so there
  // the beginning of an indexed word is enough; elsewhere it would join words by chance ("a crm
  // for e commerce" is not "fore").
  for (let from = 0; from < tokens.length && readings.length < MAX_READINGS; from++) {
    for (let length = Math.min(MAX_JOINED_TOKENS, tokens.length - from); length > 1; length--) {
      const joined = tokens.slice(from, from + length).join("");
      const isLast = from + length === tokens.length;
      if (joined.length < MIN_JOIN_LENGTH) continue;
      if (isLast ? !begins(joined) : frequency(joined) === 0) continue;
      const sequence = [...tokens.slice(0, from), joined, ...tokens.slice(from + length)];
      add(
        readingOfTerms(
          wordsOf(sequence).map((word) => termOf(word, true)),
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
        const terms = entry.map((word) => termOf(word, false));
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

  // Splits: a typed word no indexed word equals or begins, that is two indexed words; of its
  // splits, the one whose rarer part is most frequent. Like a typo, it costs the reading one.
  words.forEach((word, at) => {
    if (word.length < MIN_SPLIT_LENGTH || begins(word)) return;
    let best: [string, string] | null = null;
    let bestFrequency = 0;
    for (let cut = MIN_SPLIT_PART; cut <= word.length - MIN_SPLIT_PART; cut++) {
      const [left, right] = [word.slice(0, cut), word.slice(cut)];
      const rarer = Math.min(frequency(left), frequency(right));
      if (rarer > bestFrequency) [best, bestFrequency] = [[left, right], rarer];
    }
    if (!best) return;
    const parts = best.map((part) => ({ forms: [{ word: part, quality: 1, allowsTypos: false }] }));
    add(readingOfTerms([...typedTerms.slice(0, at), ...parts, ...typedTerms.slice(at + 1)], 1));
  });

  return readings;
}
