import { data } from "react-router";
import type { AppServices } from "../../../server/services.server";
import { ALL_CATEGORIES } from "~/lib/constants";
import { queryFromSearchParams, toolQuerySchema, type ToolQuery } from "~/lib/tool-query";

/**
 * Reads the browse query from the URL, with a preset from the route (a category or subcategory
 * listing). spec 4: a category applies only if it is a known one.
 */
export function readListingQuery(
  services: AppServices,
  url: URL,
  preset: Partial<Pick<ToolQuery, "category" | "subcategory">> = {},
): ToolQuery {
  const parsed = toolQuerySchema.safeParse({
    ...queryFromSearchParams(url.searchParams),
    ...preset,
  });
  if (!parsed.success) {
    throw data(parsed.error.issues.map((issue) => issue.message).join("; "), { status: 400 });
  }
  const query = parsed.data;
  const isKnown = services.getTaxonomy().some((category) => category.name === query.category);
  return isKnown ? query : { ...query, category: ALL_CATEGORIES };
}
