import { ALL_CATEGORIES } from "./constants";
import type { ToolQueryInput } from "./tool-query";

// The browse query's URL parameters, apart from its schema: the browser builds and reads them on
// every page (links, the tool list), and zod has no place in the pages' up-front JavaScript
// (DESIGN.md 9, decision 006).

/** A tool query as URL parameters (what queryFromSearchParams reads back), defaults left out. */
export function toolQueryParams(query: ToolQueryInput): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of [query.subcategory ?? []].flat()) params.append("subcategory", name);
  if (query.search?.trim()) params.set("search", query.search.trim());
  if (query.sort) params.set("sort", query.sort);
  if (query.pricing && query.pricing !== "All Pricing") params.set("pricing", query.pricing);
  if (query.category && query.category !== ALL_CATEGORIES) params.set("category", query.category);
  const require = keysOf(query.require);
  if (require) params.set("require", require);
  const integrates = keysOf(query.integrates);
  if (integrates) params.set("integrates", integrates);
  if (
    typeof query.maxPrice === "number" ||
    (typeof query.maxPrice === "string" && query.maxPrice)
  ) {
    params.set("maxPrice", String(query.maxPrice));
  }
  if (query.offset !== undefined) params.set("offset", String(query.offset));
  if (query.limit !== undefined) params.set("limit", String(query.limit));
  return params;
}

/** A list of keys as one comma-separated parameter (`require=sso,soc2`), or "" for none. */
function keysOf(keys: string | readonly string[] | undefined): string {
  return [keys ?? []].flat().join(",");
}

/** Query parameters as the schema expects them (repeated subcategory keys become a list). */
export function queryFromSearchParams(params: URLSearchParams): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    raw[key] = key === "subcategory" ? values : values[values.length - 1];
  }
  return raw;
}
