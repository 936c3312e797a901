import { ALL_CATEGORIES } from "~/lib/constants";
import { subCategoryPath } from "~/lib/paths";
import { queryFromSearchParams, toolQuerySchema, type ToolQuery } from "~/lib/tool-query";
import type { AppServices } from "../../../server/services.server";

/**
 * Reads the browse query from the URL, with a preset from the route (a category or subcategory
 * listing). A page is lenient where the API is strict: a value that is not valid is dropped and
 * its default used. spec 4: a category applies only if it is a known one.
 */
export function readListingQuery(
  services: AppServices,
  url: URL,
  preset: Partial<Pick<ToolQuery, "category" | "subcategory">> = {},
): ToolQuery {
  const raw = { ...queryFromSearchParams(url.searchParams), ...preset };
  const parsed = toolQuerySchema.safeParse(raw);
  const query = parsed.success
    ? parsed.data
    : toolQuerySchema.parse(
        Object.fromEntries(
          Object.entries(raw).filter(
            ([key]) => !parsed.error.issues.some((issue) => issue.path[0] === key),
          ),
        ),
      );
  const isKnown = services.getTaxonomy().some((category) => category.name === query.category);
  return isKnown ? query : { ...query, category: ALL_CATEGORIES };
}

const TICKER_SIZE = 24;

/**
 * Everything a listing page shows: one page of tools with facet counts, the categories to
 * highlight for the chosen subcategories (spec 4) and the most populated subcategories for the
 * ticker.
 */
export function loadListing(services: AppServices, query: ToolQuery) {
  const taxonomy = services.getTaxonomy();
  const chosen = new Set(query.subcategory);
  return {
    query,
    ...services.findTools(query),
    highlightedCategories: taxonomy
      .filter((category) => category.subcategories.some((sub) => chosen.has(sub.name)))
      .map((category) => category.name),
    ticker: taxonomy
      .flatMap((category) =>
        category.subcategories.map((sub) => ({
          name: sub.name,
          count: sub.count,
          href: subCategoryPath(category.name, sub.name),
        })),
      )
      .sort((a, b) => b.count - a.count)
      .slice(0, TICKER_SIZE)
      .map(({ name, href }) => ({ name, href })),
  };
}
