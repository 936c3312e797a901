import { isRequirementKey } from "~/lib/buyer-facts";
import { ALL_CATEGORIES, MAX_RENDERED_CARDS, MAX_SEARCH_TEXT_LENGTH } from "~/lib/constants";
import { isIntegrationKey } from "~/lib/integrations";
import { withoutRefusedCharacters } from "~/lib/plain-text";
import { toolQuerySchema, type ToolQuery } from "~/lib/tool-query";
import { queryFromSearchParams } from "~/lib/tool-query-params";

/** How far before the cut a word may end for the search to be cut there instead. */
const WORD_END_REACH = 30;

/**
 * The search a page runs for what the URL holds. The API refuses a search that is too long or
 * holds a control character; a page searches what it can and shows it in the box: tabs and line
 * breaks become spaces, other characters the schema refuses are removed, and the search is cut
 * to the API's length, at the end of a word when one ends near the cut.
 */
export function searchOfPage(text: string): string {
  const plain = withoutRefusedCharacters(text.replace(/[\t\n\r]/g, " ")).trim();
  if (plain.length <= MAX_SEARCH_TEXT_LENGTH) return plain;
  // One character past the cut: a space there means the cut already ends a word.
  const wordEnd = plain.slice(0, MAX_SEARCH_TEXT_LENGTH + 1).search(/\s\S*$/);
  if (wordEnd >= MAX_SEARCH_TEXT_LENGTH - WORD_END_REACH) return plain.slice(0, wordEnd).trim();
  const cut = plain.slice(0, MAX_SEARCH_TEXT_LENGTH);
  // Never half of a character written as two UTF-16 units (an emoji).
  return (/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut).trim();
}

/** The known keys of a comma-separated list parameter (a page drops the others, not the list). */
function knownKeys(value: unknown, isKey: (key: string) => boolean): unknown {
  if (typeof value !== "string") return value;
  return value
    .split(",")
    .map((key) => key.trim().toLowerCase())
    .filter(isKey)
    .join(",");
}

/**
 * Reads the browse query from the URL, with a preset from the route (a category or subcategory
 * listing). A page is lenient where the API is strict: a value that is not valid is dropped and
 * its default used, but the search is cleaned and cut instead (searchOfPage), and an unknown
 * requirement or integration leaves the known ones of its list. A category applies
 * only if it is a known one. A page always starts at the first tool and renders a
 * bounded number of cards; Load More asks the API for the rest.
 */
export function readListingQuery(
  catalogue: { getTaxonomy(): readonly { name: string }[] },
  url: URL,
  preset: Partial<Pick<ToolQuery, "category" | "subcategory">> = {},
): ToolQuery {
  const params = queryFromSearchParams(url.searchParams);
  const raw = {
    ...params,
    ...(typeof params.search === "string" && { search: searchOfPage(params.search) }),
    require: knownKeys(params.require, isRequirementKey),
    integrates: knownKeys(params.integrates, isIntegrationKey),
    ...preset,
  };
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
  const isKnown = catalogue.getTaxonomy().some((category) => category.name === query.category);
  return {
    ...query,
    category: isKnown ? query.category : ALL_CATEGORIES,
    offset: 0,
    limit: Math.min(query.limit, MAX_RENDERED_CARDS),
  };
}
