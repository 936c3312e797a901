import { asc, desc } from "drizzle-orm";
import { FACT_KEYS, type Fact } from "~/lib/buyer-facts";
import type { Database } from "#server/db/client.server";
import { tools, type ToolRow } from "#server/db/schema";
import { toCsvDocument, toJsonDocument, type FlatTool } from "./catalogue-format.server";

export type ExportFormat = "json" | "csv";

/** One stored tool in the import/export format. */
export function toFlatTool(row: ToolRow): FlatTool {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    subCategory: row.subCategory,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    likes_total: row.likesTotal,
    views: row.views,
    rating_avg: row.ratingAvg,
    "pricing.model": row.pricingModel,
    "pricing.amount": row.pricingAmount,
    cardDescription: row.cardDescription,
    longDescription: row.longDescription,
    "seo.titleTag": row.seoTitleTag,
    "seo.metaDescription": row.seoMetaDescription,
    metaDescription: row.metaDescription,
    hashtags: row.hashtags,
    keyFeatures: row.keyFeatures,
    websiteUrl: row.websiteUrl,
    mainImage: row.mainImage,
    image: row.image,
    ...(Object.fromEntries(
      FACT_KEYS.map((key) => [`facts.${key}`, (row.facts[key] as Fact<unknown>) ?? null]),
    ) as Record<`facts.${(typeof FACT_KEYS)[number]}`, Fact<unknown> | null>),
    plans: row.plans,
  };
}

/** Every tool, whatever its status, newest first, in the import/export format. */
async function readCatalogueForExport(db: Database): Promise<FlatTool[]> {
  const rows = await db.select().from(tools).orderBy(desc(tools.createdAt), asc(tools.id));
  return rows.map(toFlatTool);
}

/** The whole catalogue as one file's text, and how many tools it holds. */
export async function exportCatalogue(
  db: Database,
  format: ExportFormat,
): Promise<{ text: string; count: number }> {
  const flat = await readCatalogueForExport(db);
  const text = format === "json" ? toJsonDocument(flat) : toCsvDocument(flat);
  return { text, count: flat.length };
}
