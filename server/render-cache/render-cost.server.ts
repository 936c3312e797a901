import { INITIAL_VISIBLE_TOOLS, MAX_RENDERED_CARDS } from "~/lib/constants";

// Decision 023: what a page render costs its client's share, read from the URL before it runs.

/** Cards rendered beyond the first page that cost one more unit. */
const CARDS_PER_UNIT = 100;

/**
 * In units of a plain page (a tool page, a listing's first 21 cards): one more for a search, one
 * more for a search of several words (when they do not all match, each word is dropped and the
 * catalogue counted again), and one more per 100 cards beyond the first page. The flood page
 * `?limit=300&search=ai+x` costs 6.
 */
export function renderCostOf(url: URL): number {
  const words = (url.searchParams.get("search") ?? "").trim().split(/\s+/).filter(Boolean).length;
  const limit = Number(url.searchParams.get("limit"));
  const cards = Number.isInteger(limit)
    ? Math.min(Math.max(limit, INITIAL_VISIBLE_TOOLS), MAX_RENDERED_CARDS)
    : INITIAL_VISIBLE_TOOLS;
  return (
    1 +
    (words > 0 ? 1 : 0) +
    (words > 1 ? 1 : 0) +
    Math.ceil((cards - INITIAL_VISIBLE_TOOLS) / CARDS_PER_UNIT)
  );
}
