import type { RequirementKey, ToolFacts } from "./buyer-facts";
import type { ToolStatus } from "./constants";
import type { IntegrationKey } from "./integrations";
import type { PricingPlan, StartingPrice } from "./pricing-plans";

/** Tool ids are short and plain; anything else (a NUL from an address, say) names no tool. */
export const isToolId = (id: string) => /^[\w-]{1,100}$/.test(id);

// Defaults for missing values.
export const TOOL_DEFAULTS = {
  websiteUrl: "#",
  pricingModel: "Unknown",
  pricingAmount: "N/A",
  status: "online",
  rating: 0,
  views: 0,
  cardDescription: "Explore this amazing AI tool",
} as const;

export interface Pricing {
  model: string;
  amount: string;
}

/** The list shape: what a card needs, never the long description. */
export interface ToolCard {
  id: string;
  slug: string;
  name: string;
  category: string | null;
  subCategory: string | null;
  cardDescription: string;
  pricing: Pricing;
  ratingAvg: number;
  views: number;
  likesTotal: number;
  image: string;
  createdAt: string;
  /** The cheapest plan per user (or flat) per month, when the tool has plans. */
  startingPrice: StartingPrice | null;
  /** The requirements the tool's facts meet (what `?require=` filters by). */
  meets: RequirementKey[];
  /** The apps it integrates with (what `?integrates=` filters by). */
  integrations: IntegrationKey[];
}

/** The compact card's shape: what shows a tool in a short list and opens it. */
export type CompactTool = Pick<
  ToolCard,
  "id" | "slug" | "name" | "category" | "subCategory" | "image"
>;

/** A top tool as the home page's carousel shows it. */
export type TopTool = CompactTool & Pick<ToolCard, "cardDescription" | "likesTotal">;

/** The detail shape: every field of a tool, defaults applied. */
export interface ToolDetail extends ToolCard {
  status: ToolStatus;
  updatedAt: string;
  ratingCount: number;
  longDescription: string;
  keyFeatures: string[];
  hashtags: string[];
  websiteUrl: string;
  seo: { titleTag: string; metaDescription: string };
  metaDescription: string;
  mainImage: string;
  facts: ToolFacts;
  plans: PricingPlan[];
}

/** A tool as its page shows it: the long description arrives rendered, beside it. */
export type ToolPageDetail = Omit<ToolDetail, "longDescription">;

/** Only http and https links leave the site; anything else becomes the spec's '#'. */
export function safeWebsiteUrl(url: string | null | undefined): string {
  if (!url) return TOOL_DEFAULTS.websiteUrl;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : "#";
  } catch {
    return TOOL_DEFAULTS.websiteUrl;
  }
}

// Made once: building a compact number format costs more than the rest of a card's render.
const compactCount = new Intl.NumberFormat("en-US", {
  notation: "compact",
  maximumFractionDigits: 1,
});

export function formatCount(value: number): string {
  return compactCount.format(value);
}

/** "1 like", "3 likes". */
export function plural(count: number, word: string): string {
  return `${count.toLocaleString("en-US")} ${word}${count === 1 ? "" : "s"}`;
}
