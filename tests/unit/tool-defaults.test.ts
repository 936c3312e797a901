import { describe, expect, it } from "vitest";
import { safeWebsiteUrl } from "~/lib/tool";
import { toToolCard, toToolDetail } from "#server/snapshot/tool-shapes.server";
import type { ToolRow } from "#server/db/schema";

const bareRow: ToolRow = {
  id: "t1",
  slug: "bare",
  name: "Bare",
  category: null,
  subCategory: null,
  status: "online",
  createdAt: new Date("2025-05-01T10:11:12Z"),
  updatedAt: new Date("2025-05-02T10:11:12Z"),
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
};

describe("tool defaults for missing values", () => {
  const detail = toToolDetail(bareRow);

  it("uses '#' for a missing website", () => {
    expect(detail.websiteUrl).toBe("#");
  });
  it("uses 'Unknown' and 'N/A' for missing pricing", () => {
    expect(detail.pricing).toEqual({ model: "Unknown", amount: "N/A" });
  });
  it("uses the default card description", () => {
    expect(detail.cardDescription).toBe("Explore this amazing AI tool");
  });
  it("uses rating 0, views 0 and status online", () => {
    // The columns are NOT NULL, so only a row from outside the schema (an old export) lacks them.
    const unrated = { ...bareRow, ratingAvg: undefined, views: undefined, status: "" };
    const defaulted = toToolDetail(unrated as unknown as ToolRow);
    expect(defaulted.ratingAvg).toBe(0);
    expect(defaulted.views).toBe(0);
    expect(defaulted.status).toBe("online");
  });
  it("keeps createdAt with its seconds", () => {
    expect(detail.createdAt).toBe("2025-05-01T10:11:12.000Z");
  });
  it("treats empty strings as missing", () => {
    const card = toToolCard({ ...bareRow, cardDescription: "", pricingModel: "" });
    expect(card.cardDescription).toBe("Explore this amazing AI tool");
    expect(card.pricing.model).toBe("Unknown");
  });
  it("drops a subcategory that has no category, so the tool's URL resolves", () => {
    expect(toToolCard({ ...bareRow, subCategory: "SEO" }).subCategory).toBeNull();
  });
  it("keeps present values", () => {
    const card = toToolCard({
      ...bareRow,
      pricingModel: "Paid",
      pricingAmount: "$19/mo",
      views: 7,
    });
    expect(card.pricing).toEqual({ model: "Paid", amount: "$19/mo" });
    expect(card.views).toBe(7);
  });
});

describe("safeWebsiteUrl", () => {
  it("keeps http and https links", () => {
    expect(safeWebsiteUrl("https://example.com/x")).toBe("https://example.com/x");
    expect(safeWebsiteUrl("http://example.com")).toBe("http://example.com/");
  });
  it("turns other schemes and garbage into '#'", () => {
    expect(safeWebsiteUrl("javascript:alert(1)")).toBe("#");
    expect(safeWebsiteUrl("ftp://example.com")).toBe("#");
    expect(safeWebsiteUrl("not a url")).toBe("#");
    expect(safeWebsiteUrl(undefined)).toBe("#");
  });
});
