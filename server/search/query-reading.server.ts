// What a search looks for once the query has been read (query-plan.ts makes these).

/** Words beyond these add nothing a person means and only add work. */
export const MAX_QUERY_WORDS = 8;

/** One way a query word can be found: as an indexed word it equals or begins, or a form of it. */
export interface QueryForm {
  /** Lower-cased, accents removed, joiners removed: as queryWords gives words. */
  word: string;
  /** Multiplies the match of this form: 1 for the word as typed, less for a synonym. */
  quality: number;
  /** Whether typos are forgiven: for the words a person typed, not for the synonyms we add. */
  allowsTypos: boolean;
}

/** A document matches a term when it matches any of the term's forms. */
export interface QueryTerm {
  forms: readonly QueryForm[];
}

/** One reading of a query: a document must match every term. */
export interface QueryReading {
  terms: readonly QueryTerm[];
  /** Typos the reading itself costs (splitting a typed word in two counts as one). */
  typos: number;
}
