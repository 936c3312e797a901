import { ALL_CATEGORIES, MAX_RENDERED_CARDS } from "~/lib/constants";
import { toolQuerySchema, type ToolQuery } from "~/lib/tool-query";
import { queryFromSearchParams } from "~/lib/tool-query-params";
import type { AppServices } from "../../../server/services.server";

/**
 * Reads the browse query from the URL, with a preset from the route (a category or subcategory
 * listing). A page is lenient where the API is strict: a value that is not valid is dropped and
 * its default used. spec 4: a category applies only if it is a known one. A page always starts
 * at the first tool and renders a bounded number of cards; Load More asks the API for the rest.
 */
export function readListingQuery(
  services: Pick<AppServices, "getTaxonomy">,
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
  return {
    ...query,
    category: isKnown ? query.category : ALL_CATEGORIES,
    offset: 0,
    limit: Math.min(query.limit, MAX_RENDERED_CARDS),
  };
}
