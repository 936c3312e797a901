import type { NewToolRow, ToolRow } from "../server/db/schema";
import type { SearchDocument } from "../server/search/search-index.server";
import type { ToolCard } from "~/lib/tool";

let sequence = 0;

export function createToolCard(overrides: Partial<ToolCard> = {}): ToolCard {
  sequence++;
  return {
    id: `tool-${sequence}`,
    slug: `tool-${sequence}`,
    name: `Tool ${sequence}`,
    category: "Marketing",
    subCategory: "SEO",
    cardDescription: "Helps with search engine optimisation.",
    pricing: { model: "Free", amount: "Free" },
    ratingAvg: 4,
    views: 100,
    likesTotal: 1,
    image: "",
    createdAt: new Date(Date.UTC(2025, 0, 1) + sequence * 1000).toISOString(),
    startingPrice: null,
    meets: [],
    integrations: [],
    ...overrides,
  };
}

export function createToolRow(
  overrides: Partial<NewToolRow> = {},
): NewToolRow & Pick<ToolRow, "id"> {
  sequence++;
  return {
    id: `row-${sequence}`,
    slug: `row-${sequence}`,
    name: `Row Tool ${sequence}`,
    category: "Sales",
    subCategory: "Lead Generation",
    status: "online",
    createdAt: new Date(Date.UTC(2025, 0, 1) + sequence * 1000),
    ...overrides,
  };
}

/** A tool row as the database answers it: every column, blank ones null or empty. */
export function createStoredToolRow(overrides: Partial<ToolRow> = {}): ToolRow {
  sequence++;
  const at = new Date("2026-01-01T00:00:00Z");
  return {
    id: `stored-${sequence}`,
    slug: `stored-${sequence}`,
    name: `Stored Tool ${sequence}`,
    category: null,
    subCategory: null,
    status: "online",
    createdAt: at,
    updatedAt: at,
    likesTotal: 0,
    views: 0,
    ratingAvg: 0,
    ratingCount: 0,
    pricingModel: null,
    pricingAmount: null,
    cardDescription: null,
    longDescription: null,
    seoTitleTag: null,
    seoMetaDescription: null,
    metaDescription: null,
    hashtags: [],
    keyFeatures: [],
    websiteUrl: null,
    mainImage: null,
    image: null,
    source: "manual",
    lastVerifiedAt: null,
    facts: {},
    plans: [],
    ...overrides,
  };
}

/** A tool as the search index reads it, matching no word of the tests' queries unless told to. */
export function createSearchDocument(overrides: Partial<SearchDocument> = {}): SearchDocument {
  return {
    name: "Plain Tool",
    category: "Operations",
    subCategory: "Scheduling",
    cardDescription: "Keeps a calendar.",
    hashtags: [],
    keyFeatures: [],
    longDescription: "",
    seo: { titleTag: "", metaDescription: "" },
    views: 0,
    likesTotal: 0,
    ratingAvg: 0,
    ...overrides,
  };
}
