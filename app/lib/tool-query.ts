import { z } from "zod";
import {
  ALL_CATEGORIES,
  INITIAL_VISIBLE_TOOLS,
  MAX_PAGE_SIZE,
  MAX_SEARCH_TEXT_LENGTH,
  PRICING_FILTERS,
  SORT_OPTIONS,
} from "./constants";
import { isRequirementKey, REQUIREMENT_KEYS, type RequirementKey } from "./buyer-facts";
import { INTEGRATION_KEYS, isIntegrationKey, type IntegrationKey } from "./integrations";
import { plainText } from "./plain-text";

const list = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .transform((values) => [...new Set(values.map((item) => item.trim()).filter(Boolean))])
  .pipe(z.array(z.string().check(plainText("A subcategory"))));

/** The highest price ceiling a query may set (USD per user per month). */
export const MAX_PRICE_CEILING = 1_000_000;

/**
 * A comma-separated list of vocabulary keys (`?require=sso,soc2`; a repeated parameter is read
 * as one list too). An unknown key is refused, naming it; the list comes back without repeats,
 * in the vocabulary's order, so one choice has one address.
 */
function keyList<K extends string>(
  parameter: string,
  vocabulary: readonly K[],
  isKey: (key: string) => key is K,
  noun: string,
) {
  return z
    .union([z.string(), z.array(z.string()).readonly()], {
      error: `${parameter} must be a list of keys.`,
    })
    .transform((value) =>
      [value]
        .flat()
        .flatMap((item) => item.split(","))
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean),
    )
    .superRefine((keys, context) => {
      for (const key of keys) {
        if (!isKey(key)) {
          context.addIssue({
            code: "custom",
            message: `${parameter}: "${key.slice(0, 100)}" is not ${noun}; use ${vocabulary.join(", ")}.`,
          });
          return;
        }
      }
    })
    .transform((keys) => vocabulary.filter((key) => keys.includes(key)));
}

/** `?maxPrice=`: a number of US dollars, 0 up to MAX_PRICE_CEILING. */
const priceCeiling = z
  .union([z.string(), z.number()], { error: "maxPrice must be a number." })
  .transform((value, context) => {
    const text = String(value).trim();
    const price = Number(text);
    if (!Number.isFinite(price)) {
      context.addIssue({
        code: "custom",
        message: `maxPrice: "${text.slice(0, 100)}" is not a number.`,
      });
      return z.NEVER;
    }
    if (price < 0 || price > MAX_PRICE_CEILING) {
      context.addIssue({
        code: "custom",
        message: `maxPrice: ${text.slice(0, 100)} is not between 0 and ${MAX_PRICE_CEILING}.`,
      });
      return z.NEVER;
    }
    return price;
  });

/** The browse query: what /ai-tools and GET /api/tools accept (DESIGN.md 4). */
export const toolQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(MAX_SEARCH_TEXT_LENGTH, `search is at most ${MAX_SEARCH_TEXT_LENGTH} characters`)
    .check(plainText("search"))
    .default(""),
  category: z.string().trim().max(100).check(plainText("category")).default(ALL_CATEGORIES),
  subcategory: list.default([]),
  sort: z.enum(SORT_OPTIONS).optional(),
  pricing: z.enum(PRICING_FILTERS).default("All Pricing"),
  /** Requirements every listed tool meets (buyer-facts.ts REQUIREMENTS). */
  require: keyList<RequirementKey>(
    "require",
    REQUIREMENT_KEYS,
    isRequirementKey,
    "a requirement",
  ).default([]),
  /** Apps every listed tool integrates with (integrations.ts). */
  integrates: keyList<IntegrationKey>(
    "integrates",
    INTEGRATION_KEYS,
    isIntegrationKey,
    "a known integration",
  ).default([]),
  /**
   * The highest starting price per user per month, in USD; tools without a known USD starting
   * price are left out (and counted). An empty parameter sets no ceiling.
   */
  maxPrice: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    priceCeiling.optional(),
  ),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(INITIAL_VISIBLE_TOOLS),
});

export type ToolQuery = z.output<typeof toolQuerySchema>;

/** What a caller of GET /api/tools sends: the schema's input, which the handler parses. */
export type ToolQueryInput = z.input<typeof toolQuerySchema>;
