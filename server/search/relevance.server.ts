// Field weights, and relevance as 70% search match and 30% popularity.

/** The field weights, in the order the index numbers the fields. */
export const FIELD_WEIGHTS = [
  ["name", 8],
  ["category", 4],
  ["subCategory", 3.5],
  ["cardDescription", 2],
  ["hashtags", 1.5],
  ["keyFeatures", 1],
  ["longDescription", 0.8],
  ["seoTitleTag", 0.5],
  ["seoMetaDescription", 0.3],
] as const;

export type SearchField = (typeof FIELD_WEIGHTS)[number][0];

const TOP_WEIGHT = 8;
/** Each field's weight as a share of the name's, so a perfect name match scores 1. */
export const FIELD_SHARE = FIELD_WEIGHTS.map(([, weight]) => weight / TOP_WEIGHT);

const MATCH_SHARE = 0.7;
const POPULARITY_SHARE = 0.3;
const MAX_VIEWS_POINTS = 50;
const MAX_LIKES_POINTS = 30;
const MAX_RATING = 5;
/** The highest popularity a tool can reach: 50 + 30 + 5 x 5. */
export const MAX_POPULARITY = MAX_VIEWS_POINTS + MAX_LIKES_POINTS + MAX_RATING * 5;

/** views / 100 capped at 50, plus likes x 2 capped at 30, plus rating x 5. */
export function popularity(tool: { views: number; likesTotal: number; ratingAvg: number }): number {
  return (
    Math.min(Math.max(tool.views, 0) / 100, MAX_VIEWS_POINTS) +
    Math.min(Math.max(tool.likesTotal, 0) * 2, MAX_LIKES_POINTS) +
    Math.min(Math.max(tool.ratingAvg, 0), MAX_RATING) * 5
  );
}

/** A match score in [0, 1] and a popularity in [0, MAX_POPULARITY] give a relevance in [0, 1]. */
export function relevance(match: number, popularityPoints: number): number {
  return MATCH_SHARE * match + POPULARITY_SHARE * (popularityPoints / MAX_POPULARITY);
}

/** Another form of the word ("automated" for "automation") counts a little less than the word. */
export const OTHER_FORM_QUALITY = 0.85;

/**
 * How well a query word matches an indexed word, in (0, 1]: the whole word 1, a prefix less the
 * more of the word is missing, and a quarter less for every typo.
 */
export function wordMatchQuality(queryLength: number, wordLength: number, typos: number): number {
  if (typos === 0 && queryLength === wordLength) return 1;
  const covered = Math.min(1, queryLength / wordLength);
  return (0.7 + 0.3 * covered) * (1 - 0.25 * typos);
}
