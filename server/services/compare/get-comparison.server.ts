import { and, eq, inArray } from "drizzle-orm";
import type { ComparisonTool } from "~/lib/compare-rows";
import { toolPath } from "~/lib/paths";
import { TOOL_DEFAULTS } from "~/lib/tool";
import type { Database } from "#server/db/client.server";
import { tools } from "#server/db/schema";
import { toToolDetail } from "#server/snapshot/tool-shapes.server";

// The compare page reads the tools' full records. The defaults for missing
// values ("Unknown" pricing, "N/A", a "#" website, a rating of 0 from nobody) are not facts about
// a tool, so a comparison shows them as missing instead.

const orNull = (value: string, missing: string) => (value && value !== missing ? value : null);

/** The online tools with these slugs, in that order; null when any of them is not online. */
export async function getComparison(
  db: Database,
  slugs: readonly string[],
): Promise<ComparisonTool[] | null> {
  const rows = await db
    .select()
    .from(tools)
    .where(and(inArray(tools.slug, [...slugs]), eq(tools.status, "online")));
  const bySlug = new Map(rows.map((row) => [row.slug, toToolDetail(row)]));
  const compared: ComparisonTool[] = [];
  for (const slug of slugs) {
    const tool = bySlug.get(slug);
    if (!tool) return null;
    compared.push({
      id: tool.id,
      slug: tool.slug,
      name: tool.name,
      path: toolPath(tool),
      image: tool.image,
      category: tool.category,
      subCategory: tool.subCategory,
      pricingModel: orNull(tool.pricing.model, TOOL_DEFAULTS.pricingModel),
      pricingAmount: orNull(tool.pricing.amount, TOOL_DEFAULTS.pricingAmount),
      startingPrice: tool.startingPrice,
      plans: tool.plans,
      facts: tool.facts,
      rating: tool.ratingCount > 0 ? { average: tool.ratingAvg, count: tool.ratingCount } : null,
      likes: tool.likesTotal,
      views: tool.views,
      keyFeatures: tool.keyFeatures,
      hashtags: tool.hashtags,
      websiteUrl: orNull(tool.websiteUrl, TOOL_DEFAULTS.websiteUrl),
      createdAt: tool.createdAt,
      updatedAt: tool.updatedAt,
    });
  }
  return compared;
}
