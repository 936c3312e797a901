import { z } from "zod";
import { PRICING_MODELS, TOOL_STATUSES } from "./constants";
import { plainText } from "./plain-text";

// The admin tool list's query, shared by the page, the API and the service.

export const ADMIN_SORTS = ["created", "name", "likes", "views", "rating"] as const;
export type AdminSort = (typeof ADMIN_SORTS)[number];
export const ADMIN_PAGE_SIZE = 25;

const blankAsUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

export const adminToolsQuerySchema = z.object({
  search: z.preprocess(
    blankAsUndefined,
    z.string().trim().max(200).check(plainText("The search")).optional(),
  ),
  category: z.preprocess(
    blankAsUndefined,
    z.string().max(200).check(plainText("The category")).optional(),
  ),
  status: z.preprocess(blankAsUndefined, z.enum(TOOL_STATUSES).optional()),
  pricing: z.preprocess(blankAsUndefined, z.enum(PRICING_MODELS).optional()),
  sort: z.preprocess(blankAsUndefined, z.enum(ADMIN_SORTS).default("created")),
  page: z.preprocess(blankAsUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
});
export type AdminToolsQuery = z.infer<typeof adminToolsQuerySchema>;

export const bulkStatusSchema = z.object({
  ids: z
    .array(z.string().regex(/^[\w-]{1,100}$/))
    .min(1, "Choose at least one tool.")
    .max(500),
  status: z.enum(TOOL_STATUSES),
});

export const bulkDeleteSchema = z.object({
  ids: z
    .array(z.string().regex(/^[\w-]{1,100}$/))
    .min(1, "Choose at least one tool.")
    .max(500),
});

export interface AdminToolRow {
  id: string;
  name: string;
  slug: string;
  category: string | null;
  subCategory: string | null;
  status: (typeof TOOL_STATUSES)[number];
  pricingModel: string | null;
  likesTotal: number;
  views: number;
  ratingAvg: number;
  createdAt: string;
  /** How the tool came in: added by hand, drafted by the AI-assisted add, imported, or demo. */
  source: "manual" | "ai" | "import" | "demo";
}

export interface AdminToolList {
  tools: AdminToolRow[];
  total: number;
  page: number;
  pages: number;
  /** Tools per status in the whole catalogue. */
  counts: Record<(typeof TOOL_STATUSES)[number], number>;
  categories: string[];
}
