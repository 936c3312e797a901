import { readListingQuery } from "~/lib/listing-query.server";
import { ALL_CATEGORIES, INITIAL_VISIBLE_TOOLS } from "~/lib/constants";
import { COMPARE_PATH } from "~/lib/compare";
import { BROWSE_PATH } from "~/lib/paths";
import type { ToolQuery } from "~/lib/tool-query";
import type { AppServices } from "../services.server";

// Decision 013: which page views the render cache answers, and under which key. Every URL that
// maps to a key gets the same bytes, so the key keeps exactly what the page's loaders read and the
// entry is rendered at the key itself (its canonical URL), never at the URL that was asked for.

/** A page the cache may hold. */
export interface PageKey {
  /** The canonical path and query: the entry's key and the URL it is rendered at. */
  path: string;
  /**
   * A search, a subcategory, requirement, integration or price choice, or a longer page:
   * unbounded in number, so such pages take a bounded share of the cache and only once asked for
   * twice (page-store.server.ts).
   */
  isLongTail: boolean;
}

export type PageCatalogue = Pick<
  AppServices,
  "getTaxonomy" | "resolveCategoryPath" | "resolveComparePath"
>;

/** Pages whose loaders read nothing from the URL and nothing about the visitor. */
const FIXED_PAGES = new Set([
  "/",
  "/privacy-policy",
  "/terms-of-service",
  "/disclaimer",
  "/newsletter",
]);

/**
 * Parameters the browser reads itself on any page (the auth dialogs: a link that opens one, a
 * failed Google redirect). Dropping them would render a page the browser does not hydrate
 * alike, so a URL carrying one is rendered for its visitor alone.
 */
const CLIENT_READ_PARAMS = ["signIn", "forgotPassword", "authError", "error"];

/** A segment as slugs are made (lib/slug.ts); anything else is not a page the cache holds. */
const SEGMENT = /^[a-z0-9_-]{1,200}$/;

/** Longer searches (after normalising) are rendered for their visitor alone. */
export const MAX_KEYED_SEARCH_LENGTH = 100;

/**
 * The search as the index reads it: case and runs of spaces do not change what it finds
 * (server/search/tokenize.server.ts), so they do not make another page.
 */
export function normalisedSearch(search: string): string {
  return search.trim().replace(/\s+/g, " ").toLowerCase();
}

/** What is in the listing's URL besides what its path already says, in one fixed order. */
function listingKey(
  pathname: string,
  query: ToolQuery,
  preset: { category: boolean; subcategory: boolean },
): PageKey | null {
  const search = normalisedSearch(query.search);
  if (search.length > MAX_KEYED_SEARCH_LENGTH) return null;
  const subcategories = preset.subcategory ? [] : [...query.subcategory].sort();
  const params = new URLSearchParams();
  if (!preset.category && query.category !== ALL_CATEGORIES) params.set("category", query.category);
  for (const name of subcategories) params.append("subcategory", name);
  if (search) params.set("search", search);
  if (query.sort) params.set("sort", query.sort);
  if (query.pricing !== "All Pricing") params.set("pricing", query.pricing);
  // The schema gives the lists in the vocabulary's order and the ceiling as a number, so every
  // spelling of one choice has one key.
  if (query.require.length > 0) params.set("require", query.require.join(","));
  if (query.integrates.length > 0) params.set("integrates", query.integrates.join(","));
  if (query.maxPrice !== undefined) params.set("maxPrice", String(query.maxPrice));
  if (query.limit !== INITIAL_VISIBLE_TOOLS) params.set("limit", String(query.limit));
  const queryString = params.toString();
  return {
    path: queryString ? `${pathname}?${queryString}` : pathname,
    isLongTail:
      search !== "" ||
      subcategories.length > 0 ||
      query.limit !== INITIAL_VISIBLE_TOOLS ||
      query.require.length > 0 ||
      query.integrates.length > 0 ||
      query.maxPrice !== undefined,
  };
}

/**
 * The cache key of a page view, or null when the cache must not answer it: a page that is not
 * public and the same for every signed-out visitor, a path not in the form the site links to
 * (capitals, a trailing slash: the router redirects or treats them apart), a parameter the
 * browser reads, an over-long search. A listing's query is read by the page's own reader
 * (readListingQuery), so a value the page would drop is dropped here too, and unknown
 * parameters (utm_source) are left out.
 */
export function pageKeyOf(url: URL, catalogue: PageCatalogue): PageKey | null {
  if (CLIENT_READ_PARAMS.some((name) => url.searchParams.has(name))) return null;
  const { pathname } = url;
  if (FIXED_PAGES.has(pathname)) return { path: pathname, isLongTail: false };
  if (pathname === BROWSE_PATH) {
    return listingKey(pathname, readListingQuery(catalogue, url), {
      category: false,
      subcategory: false,
    });
  }
  if (pathname.startsWith(`${COMPARE_PATH}/`)) {
    // Only a comparison at its canonical address (a redirect or an error page is not kept
    // anyway). Comparisons are countless: long-tail, kept once asked for twice.
    const page = catalogue.resolveComparePath(pathname.slice(COMPARE_PATH.length + 1));
    return page.kind === "comparison" ? { path: pathname, isLongTail: true } : null;
  }
  if (!pathname.startsWith(`${BROWSE_PATH}/`)) return null;
  const segments = pathname.slice(BROWSE_PATH.length + 1).split("/");
  if (segments.length > 3 || !segments.every((segment) => SEGMENT.test(segment))) return null;
  const page = catalogue.resolveCategoryPath(segments);
  switch (page.kind) {
    case "category":
      return listingKey(
        pathname,
        readListingQuery(catalogue, url, { category: page.category.name }),
        { category: true, subcategory: false },
      );
    case "subcategory":
      return listingKey(
        pathname,
        readListingQuery(catalogue, url, {
          category: page.category.name,
          subcategory: [page.subCategory.name],
        }),
        { category: true, subcategory: true },
      );
    // A tool page, a redirect or a 404 reads nothing from the query.
    default:
      return { path: pathname, isLongTail: false };
  }
}
