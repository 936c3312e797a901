import { metRequirements } from "~/lib/buyer-facts";
import type { ToolStatus } from "~/lib/constants";
import { pricingModelOf, formatStartingPrice, startingPriceOf } from "~/lib/pricing-plans";
import { TOOL_DEFAULTS, safeWebsiteUrl, type ToolCard, type ToolDetail } from "~/lib/tool";
import type { ToolSearchText } from "./snapshot.server";
import { tools, type ToolRow } from "../db/schema";
import { toolPath } from "~/lib/paths";

export const toolCardColumns = {
  id: true,
  slug: true,
  name: true,
  category: true,
  subCategory: true,
  cardDescription: true,
  pricingModel: true,
  pricingAmount: true,
  ratingAvg: true,
  views: true,
  likesTotal: true,
  image: true,
  mainImage: true,
  createdAt: true,
  facts: true,
  plans: true,
} as const;

type CardRow = Pick<ToolRow, keyof typeof toolCardColumns>;

/** The searched fields a card does not show (each with its search weight). */
export const toolSearchColumns = {
  cardDescription: true,
  hashtags: true,
  keyFeatures: true,
  longDescription: true,
  seoTitleTag: true,
  seoMetaDescription: true,
} as const;

type SearchRow = Pick<ToolRow, keyof typeof toolSearchColumns>;

/** What the catalogue snapshot is built from: a card's columns and the searched ones. */
export type CatalogueRow = CardRow & SearchRow;

/** What a link to a tool's public page needs: select these, then toLinkedTool. */
export const linkedToolColumns = {
  id: tools.id,
  name: tools.name,
  slug: tools.slug,
  category: tools.category,
  subCategory: tools.subCategory,
};

/** A tool named by an admin page: its id, its name and its public page. */
export interface LinkedTool {
  id: string;
  name: string;
  path: string;
}

export function toLinkedTool(
  row: Pick<ToolRow, "id" | "name" | "slug" | "category" | "subCategory">,
): LinkedTool {
  return { id: row.id, name: row.name, path: toolPath(row) };
}

// Defaults for missing values are applied here, once, for every reader.
export function toToolCard(row: CardRow): ToolCard {
  const plans = row.plans ?? [];
  const facts = row.facts ?? {};
  const startingPrice = startingPriceOf(plans);
  // Plans, where a tool has them, say its pricing; the stored model and amount stay for the rest.
  const pricingModel = pricingModelOf(plans) ?? row.pricingModel;
  const pricingAmount = startingPrice ? formatStartingPrice(startingPrice) : row.pricingAmount;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.category || null,
    // A subcategory means nothing without its category (and would break the tool's URL).
    subCategory: (row.category && row.subCategory) || null,
    cardDescription: row.cardDescription || TOOL_DEFAULTS.cardDescription,
    pricing: {
      model: pricingModel || TOOL_DEFAULTS.pricingModel,
      amount: pricingAmount || TOOL_DEFAULTS.pricingAmount,
    },
    ratingAvg: row.ratingAvg ?? TOOL_DEFAULTS.rating,
    views: row.views ?? TOOL_DEFAULTS.views,
    likesTotal: row.likesTotal ?? 0,
    image: row.image || row.mainImage || "",
    createdAt: row.createdAt.toISOString(),
    startingPrice,
    meets: metRequirements(facts),
    integrations: facts.integrations?.value ?? [],
  };
}

export function toToolDetail(row: ToolRow): ToolDetail {
  return {
    ...toToolCard(row),
    status: (row.status || TOOL_DEFAULTS.status) as ToolStatus,
    updatedAt: row.updatedAt.toISOString(),
    ratingCount: row.ratingCount ?? 0,
    longDescription: row.longDescription ?? "",
    keyFeatures: row.keyFeatures ?? [],
    hashtags: row.hashtags ?? [],
    websiteUrl: safeWebsiteUrl(row.websiteUrl),
    seo: {
      titleTag: row.seoTitleTag ?? "",
      metaDescription: row.seoMetaDescription ?? "",
    },
    metaDescription: row.metaDescription ?? "",
    mainImage: row.mainImage || row.image || "",
    facts: row.facts ?? {},
    plans: row.plans ?? [],
  };
}

export function toToolSearchText(row: SearchRow): ToolSearchText {
  return {
    cardDescription: row.cardDescription ?? "",
    hashtags: row.hashtags ?? [],
    keyFeatures: row.keyFeatures ?? [],
    longDescription: row.longDescription ?? "",
    seo: { titleTag: row.seoTitleTag ?? "", metaDescription: row.seoMetaDescription ?? "" },
  };
}
