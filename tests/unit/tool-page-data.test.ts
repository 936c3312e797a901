import { describe, expect, it } from "vitest";
import { toolOgImagePath } from "~/lib/og-image";
import { toolBreadcrumbs } from "~/lib/paths";
import { toolJsonLd, toolSocialMeta } from "~/lib/tool-structured-data";
import { TOOL_DEFAULTS, type ToolDetail } from "~/lib/tool";
import { buildSnapshot } from "#server/snapshot/snapshot.server";
import { findRelatedTools } from "#server/services/tools/find-related-tools.server";
import { resolveToolAlias } from "#server/services/tools/resolve-tool-alias.server";
import { createToolCard } from "../factories";

const seoA = createToolCard({
  id: "a",
  slug: "rank-up",
  name: "Rank Up",
  subCategory: "SEO",
  likesTotal: 5,
});
const seoB = createToolCard({
  id: "b",
  slug: "crawly",
  name: "Crawly",
  subCategory: "SEO",
  likesTotal: 9,
});
const ads = createToolCard({
  id: "c",
  slug: "ad-maker",
  name: "Ad Maker",
  subCategory: "Ads",
  likesTotal: 50,
});
const sales = createToolCard({
  id: "d",
  slug: "closer",
  name: "Closer",
  category: "Sales",
  subCategory: "SEO",
});
const snapshot = buildSnapshot([seoA, seoB, ads, sales]);

describe("related tools", () => {
  it("lists the same subcategory first, most liked first, then the rest of the category", () => {
    expect(findRelatedTools(snapshot, "a").map((tool) => tool.id)).toEqual(["b", "c"]);
  });
  it("stops at the 4 most liked of the subcategory when it has that many", () => {
    const crowded = buildSnapshot([
      ads,
      ...[3, 8, 1, 6, 4, 7].map((likesTotal, index) =>
        createToolCard({ id: `seo-${index}`, subCategory: "SEO", likesTotal }),
      ),
    ]);
    expect(findRelatedTools(crowded, "seo-0").map((tool) => tool.id)).toEqual([
      "seo-1",
      "seo-5",
      "seo-3",
      "seo-4",
    ]);
  });
  it("never lists the tool itself, nor tools of another category", () => {
    expect(findRelatedTools(snapshot, "d")).toEqual([]);
    expect(findRelatedTools(snapshot, "missing")).toEqual([]);
  });
});

describe("/tool/... aliases", () => {
  it("finds a tool by the slug or the name in the last segment", () => {
    expect(resolveToolAlias(snapshot, ["rank-up"])?.id).toBe("a");
    expect(resolveToolAlias(snapshot, ["Marketing", "Ad Maker"])?.id).toBe("c");
    expect(resolveToolAlias(snapshot, ["nothing-here"])).toBeNull();
    expect(resolveToolAlias(snapshot, [""])).toBeNull();
  });
});

describe("a tool page for search engines", () => {
  const tool: ToolDetail = {
    ...seoA,
    status: "online",
    updatedAt: seoA.createdAt,
    ratingCount: 12,
    ratingAvg: 4.5,
    facts: {},
    plans: [],
    longDescription: "",
    keyFeatures: [],
    hashtags: [],
    websiteUrl: "https://rankup.example/",
    seo: { titleTag: "", metaDescription: "" },
    metaDescription: "",
    mainImage: "tools/rank-up.png",
    pricing: { model: "Free", amount: "Free" },
  };
  const url = "https://directory.example/ai-tools/marketing/seo/rank-up";

  it("has Open Graph and Twitter cards with the generated, versioned card image as an absolute URL", () => {
    const meta = toolSocialMeta(tool, "Rank Up", "Ranks pages.", url);
    const image = `https://directory.example${toolOgImagePath(tool)}`;
    expect(meta).toContainEqual({ property: "og:url", content: url });
    expect(meta).toContainEqual({ property: "og:image", content: image });
    expect(meta).toContainEqual({ name: "twitter:image", content: image });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("describes the application and its breadcrumb trail in JSON-LD", () => {
    const [application, breadcrumbs] = toolJsonLd(tool, "Ranks pages.", url);
    expect(application).toMatchObject({
      "@type": "SoftwareApplication",
      name: "Rank Up",
      sameAs: "https://rankup.example/",
      offers: { "@type": "Offer", price: "0" },
      aggregateRating: { ratingValue: 4.5, ratingCount: 12 },
    });
    expect(breadcrumbs.itemListElement.map((item) => item.name)).toEqual(
      toolBreadcrumbs(tool).map((crumb) => crumb.label),
    );
    expect(breadcrumbs.itemListElement.at(-1)?.item).toBe(url);
  });

  it("carries the plans as offers, each priced per month, year, user or use as schema.org says", () => {
    const plans = [
      { name: "Free", price: 0, currency: "USD", period: "month", unit: "flat", note: null },
      {
        name: "Team",
        price: 190,
        currency: "EUR",
        period: "year",
        unit: "per-user",
        note: "Billed yearly.",
      },
      { name: "API", price: 0.02, currency: "USD", period: "usage", unit: "per-usage", note: null },
      {
        name: "Lifetime",
        price: 99,
        currency: "USD",
        period: "one-time",
        unit: "flat",
        note: null,
      },
    ] as const;
    const [application] = toolJsonLd({ ...tool, plans: [...plans] }, "x", url);
    expect(application.offers).toEqual([
      {
        "@type": "Offer",
        name: "Free",
        price: "0",
        priceCurrency: "USD",
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price: "0",
          priceCurrency: "USD",
          billingDuration: "P1M",
          unitCode: "MON",
        },
      },
      {
        "@type": "Offer",
        name: "Team",
        price: "190",
        priceCurrency: "EUR",
        description: "Billed yearly.",
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price: "190",
          priceCurrency: "EUR",
          billingDuration: "P1Y",
          unitCode: "ANN",
          referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitText: "user" },
        },
      },
      {
        "@type": "Offer",
        name: "API",
        price: "0.02",
        priceCurrency: "USD",
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price: "0.02",
          priceCurrency: "USD",
          unitText: "use",
        },
      },
      { "@type": "Offer", name: "Lifetime", price: "99", priceCurrency: "USD" },
    ]);
  });

  it("states no offer for a paid tool without plans: an offer needs a price", () => {
    const [application] = toolJsonLd(
      { ...tool, pricing: { model: "Paid", amount: "$9" } },
      "x",
      url,
    );
    expect(application).not.toHaveProperty("offers");
  });

  it("gives the rating average to two decimals", () => {
    const [application] = toolJsonLd({ ...tool, ratingAvg: 13 / 3, ratingCount: 3 }, "x", url);
    expect(application).toMatchObject({ aggregateRating: { ratingValue: 4.33, ratingCount: 3 } });
  });

  it("leaves out what the tool lacks", () => {
    const bare = { ...tool, mainImage: "", websiteUrl: TOOL_DEFAULTS.websiteUrl, ratingCount: 0 };
    const [application] = toolJsonLd(bare, "x", url);
    expect(application).not.toHaveProperty("image");
    expect(application).not.toHaveProperty("sameAs");
    expect(application).not.toHaveProperty("aggregateRating");
  });

  it("keeps a large card for a tool without an image of its own: every tool has a generated one", () => {
    const bare = { ...tool, mainImage: "" };
    expect(toolSocialMeta(bare, "t", "d", url)).toContainEqual({
      name: "twitter:card",
      content: "summary_large_image",
    });
  });
});
