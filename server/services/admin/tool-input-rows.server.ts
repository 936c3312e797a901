import { slugify } from "~/lib/slug";
import { EMPTY_TOOL_INPUT, type ToolInput } from "~/lib/tool-input";
import type { Database, Transaction } from "#server/db/client.server";
import { tools, type NewToolRow, type ToolRow } from "#server/db/schema";
import { UNCATEGORIZED_SEGMENT } from "~/lib/constants";

/** The columns an admin writes, from the form's shape to the table's. */
export function inputToColumns(input: ToolInput) {
  return {
    name: input.name,
    category: input.category,
    subCategory: input.subCategory,
    status: input.status,
    pricingModel: input.pricing.model,
    pricingAmount: input.pricing.amount,
    cardDescription: input.cardDescription,
    longDescription: input.longDescription,
    seoTitleTag: input.seo.titleTag,
    seoMetaDescription: input.seo.metaDescription,
    metaDescription: input.metaDescription,
    hashtags: input.hashtags,
    keyFeatures: input.keyFeatures,
    websiteUrl: input.websiteUrl,
    mainImage: input.mainImage,
    image: input.image,
    facts: input.facts,
    plans: input.plans,
  } satisfies Partial<NewToolRow>;
}

export type WrittenColumns = ReturnType<typeof inputToColumns>;
export const WRITTEN_COLUMNS = Object.keys(
  inputToColumns(EMPTY_TOOL_INPUT),
) as (keyof WrittenColumns)[];

export function rowToInput(row: ToolRow): ToolInput {
  return {
    name: row.name,
    category: row.category,
    subCategory: row.subCategory,
    status: row.status,
    pricing: {
      model:
        (["Free", "Freemium", "Paid"] as const).find((model) => model === row.pricingModel) ?? null,
      amount: row.pricingAmount,
    },
    cardDescription: row.cardDescription,
    longDescription: row.longDescription,
    seo: { titleTag: row.seoTitleTag, metaDescription: row.seoMetaDescription },
    metaDescription: row.metaDescription,
    hashtags: row.hashtags,
    keyFeatures: row.keyFeatures,
    websiteUrl: row.websiteUrl,
    mainImage: row.mainImage,
    image: row.image,
    facts: row.facts,
    plans: row.plans,
  };
}

/** A value as JSON with its object keys sorted: the database keeps its own key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );
}

/** Stored and written values are equal (lists item by item; facts and plans as JSON). */
function isSameValue(current: unknown, value: unknown): boolean {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    return canonicalJson(current) === canonicalJson(value);
  }
  if (Array.isArray(value) && value.some((item) => typeof item === "object")) {
    return canonicalJson(current) === canonicalJson(value);
  }
  return Array.isArray(value) && Array.isArray(current)
    ? value.length === current.length && value.every((item, i) => item === current[i])
    : (current ?? null) === (value ?? null);
}

/** The written columns whose values differ from the row's (none: a save that changes nothing). */
export function changedColumns(row: ToolRow, columns: WrittenColumns): (keyof WrittenColumns)[] {
  return (Object.keys(columns) as (keyof WrittenColumns)[]).filter(
    (key) => !isSameValue(row[key], columns[key]),
  );
}

/**
 * Every slug a new tool may not take: other tools' slugs, and the category and subcategory
 * slugs of the whole catalogue (a tool address must never shadow a listing; see
 * resolveCategoryPath), whatever the tools' status.
 */
export function takenSlugsOf(
  rows: Iterable<Pick<ToolRow, "slug" | "category" | "subCategory">>,
): Set<string> {
  const taken = new Set<string>([UNCATEGORIZED_SEGMENT]);
  for (const row of rows) {
    taken.add(row.slug);
    if (row.category) taken.add(slugify(row.category));
    if (row.subCategory) taken.add(slugify(row.subCategory));
  }
  return taken;
}

export async function readTakenSlugs(db: Database | Transaction): Promise<Set<string>> {
  return takenSlugsOf(
    await db
      .select({ slug: tools.slug, category: tools.category, subCategory: tools.subCategory })
      .from(tools),
  );
}
