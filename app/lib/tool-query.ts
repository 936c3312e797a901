import { z } from "zod";
import {
  ALL_CATEGORIES,
  INITIAL_VISIBLE_TOOLS,
  MAX_PAGE_SIZE,
  MAX_SEARCH_TEXT_LENGTH,
  PRICING_FILTERS,
  SORT_OPTIONS,
} from "./constants";
import { plainText } from "./plain-text";

const list = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .transform((values) => [...new Set(values.map((item) => item.trim()).filter(Boolean))])
  .pipe(z.array(z.string().check(plainText("A subcategory"))));

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
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(INITIAL_VISIBLE_TOOLS),
});

export type ToolQuery = z.output<typeof toolQuerySchema>;

/** What a caller of GET /api/tools sends: the schema's input, which the handler parses. */
export type ToolQueryInput = z.input<typeof toolQuerySchema>;
