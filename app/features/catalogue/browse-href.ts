import { ALL_CATEGORIES, type PricingFilter, type SortOption } from "~/lib/constants";
import { BROWSE_PATH, categoryPath } from "~/lib/paths";

/** The filters a person sets on the browse page (spec 4 Browse filters). */
export interface BrowseFilters {
  category: string;
  subcategory: readonly string[];
  search: string;
  /** Absent means the default: Relevance while searching, Newest otherwise. */
  sort?: SortOption;
  pricing: PricingFilter;
}

export const DEFAULT_FILTERS: BrowseFilters = {
  category: ALL_CATEGORIES,
  subcategory: [],
  search: "",
  pricing: "All Pricing",
};

export function isDefault(filters: BrowseFilters): boolean {
  return (
    filters.category === ALL_CATEGORIES &&
    filters.subcategory.length === 0 &&
    filters.search.trim() === "" &&
    filters.sort === undefined &&
    filters.pricing === "All Pricing"
  );
}

/** The page a category choice lives on: /ai-tools, or the category's own listing. */
export function listingPath(category: string): string {
  return category === ALL_CATEGORIES ? BROWSE_PATH : categoryPath(category);
}

/** Query parameters for the filters other than the category (DESIGN.md 4: the URL is the state). */
export function filterParams(filters: BrowseFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of filters.subcategory) params.append("subcategory", name);
  if (filters.search.trim()) params.set("search", filters.search.trim());
  if (filters.sort) params.set("sort", filters.sort);
  if (filters.pricing !== "All Pricing") params.set("pricing", filters.pricing);
  return params;
}

/** The address of the listing with these filters (and, without JavaScript, a longer page). */
export function browseHref(filters: BrowseFilters, limit?: number): string {
  const params = filterParams(filters);
  if (limit !== undefined) params.set("limit", String(limit));
  const text = params.toString();
  const path = listingPath(filters.category);
  return text ? `${path}?${text}` : path;
}

/**
 * /ai-tools with every filter in the query, the category too: for filters read back from
 * storage, so that the server drops a category that no longer exists (spec 4).
 */
export function browseQueryHref(filters: BrowseFilters): string {
  const params = filterParams(filters);
  if (filters.category !== ALL_CATEGORIES) params.set("category", filters.category);
  const text = params.toString();
  return text ? `${BROWSE_PATH}?${text}` : BROWSE_PATH;
}

/** GET /api/tools parameters for the next page of this listing. */
export function apiToolsUrl(filters: BrowseFilters, offset: number, limit: number): string {
  const params = filterParams(filters);
  if (filters.category !== ALL_CATEGORIES) params.set("category", filters.category);
  params.set("offset", String(offset));
  params.set("limit", String(limit));
  return `/api/tools?${params.toString()}`;
}

/** Adds the subcategory if absent, removes it if present. */
export function toggled(list: readonly string[], name: string): string[] {
  return list.includes(name) ? list.filter((item) => item !== name) : [...list, name];
}
