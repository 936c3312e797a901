import type { RequirementKey } from "~/lib/buyer-facts";
import { ALL_CATEGORIES, type PricingFilter, type SortOption } from "~/lib/constants";
import type { IntegrationKey } from "~/lib/integrations";
import { BROWSE_PATH, categoryPath, subCategoryPath } from "~/lib/paths";
import { toolQueryParams } from "~/lib/tool-query-params";

/** The filters a person sets on the browse page. */
export interface BrowseFilters {
  category: string;
  subcategory: readonly string[];
  search: string;
  /** Absent means the default: Relevance while searching, Newest otherwise. */
  sort?: SortOption;
  pricing: PricingFilter;
  /** Requirements every listed tool meets; absent means none. */
  require?: readonly RequirementKey[];
  /** Apps every listed tool integrates with; absent means none. */
  integrates?: readonly IntegrationKey[];
  /** The highest starting price per user per month, in USD; absent means no ceiling. */
  maxPrice?: number;
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
    filters.pricing === "All Pricing" &&
    !filters.require?.length &&
    !filters.integrates?.length &&
    filters.maxPrice === undefined
  );
}

/** Query parameters for the filters other than the category (DESIGN.md 4: the URL is the state). */
export function filterParams(filters: BrowseFilters): URLSearchParams {
  return toolQueryParams({
    ...filters,
    subcategory: [...filters.subcategory],
    require: [...(filters.require ?? [])],
    integrates: [...(filters.integrates ?? [])],
    category: undefined,
  });
}

/** Where a listing lives: its page, and the filters left for the query. */
export interface BrowseTarget {
  path: string;
  params: URLSearchParams;
}

/**
 * The page for these filters: /ai-tools, a category's page, or, for one subcategory of the
 * category that has its own page (`subcategoryPages`, from the server), that subcategory's page.
 * Staying on the same page while filtering keeps the page, and the keyboard focus, in place.
 */
export function browseTarget(
  filters: BrowseFilters,
  subcategoryPages: ReadonlySet<string> = new Set(),
): BrowseTarget {
  const [onlySubcategory] = filters.subcategory;
  const hasPage =
    filters.category !== ALL_CATEGORIES &&
    filters.subcategory.length === 1 &&
    onlySubcategory !== undefined &&
    subcategoryPages.has(onlySubcategory);
  const path =
    filters.category === ALL_CATEGORIES
      ? BROWSE_PATH
      : hasPage
        ? subCategoryPath(filters.category, onlySubcategory)
        : categoryPath(filters.category);
  return { path, params: filterParams(hasPage ? { ...filters, subcategory: [] } : filters) };
}

/** The address of the listing with these filters (and, without JavaScript, a longer page). */
export function browseHref(
  filters: BrowseFilters,
  options: { limit?: number; subcategoryPages?: ReadonlySet<string> } = {},
): string {
  const { path, params } = browseTarget(filters, options.subcategoryPages);
  if (options.limit !== undefined) params.set("limit", String(options.limit));
  // Commas mean themselves in a query (`require=sso,soc2`), so the address keeps them readable.
  const text = params.toString().replace(/%2C/g, ",");
  return text ? `${path}?${text}` : path;
}

/** Adds the item (a subcategory, a requirement) if absent, removes it if present. */
export function toggled<T extends string>(list: readonly T[], name: T): T[] {
  return list.includes(name) ? list.filter((item) => item !== name) : [...list, name];
}
