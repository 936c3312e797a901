import { describe, expect, it } from "vitest";
import { ALL_CATEGORIES } from "~/lib/constants";
import { listingJsonLd, listingMeta } from "~/lib/listing-structured-data";
import { listingCanonicalPath, listingHeadAt } from "~/lib/seo";

const taxonomy = [
  { name: "Marketing", subcategories: [{ name: "SEO" }, { name: "Email Marketing" }] },
  { name: "Sales", subcategories: [{ name: "Lead Generation" }, { name: "Other" }] },
  { name: "Finance", subcategories: [{ name: "Other" }] },
];
const all = { category: ALL_CATEGORIES, subcategory: [] };

describe("a listing's canonical path", () => {
  it("drops a search, a sort and a pricing filter", () => {
    expect(listingCanonicalPath(all, taxonomy)).toBe("/ai-tools");
  });

  it("names the category's own page for a category filter", () => {
    expect(listingCanonicalPath({ ...all, category: "Marketing" }, taxonomy)).toBe(
      "/ai-tools/marketing",
    );
  });

  it("names the subcategory's page for one subcategory, in its category or on /ai-tools", () => {
    expect(listingCanonicalPath({ category: "Marketing", subcategory: ["SEO"] }, taxonomy)).toBe(
      "/ai-tools/marketing/seo",
    );
    expect(listingCanonicalPath({ ...all, subcategory: ["Lead Generation"] }, taxonomy)).toBe(
      "/ai-tools/sales/lead-generation",
    );
  });

  it("names the category for several subcategories of it", () => {
    const query = { category: "Marketing", subcategory: ["SEO", "Email Marketing"] };
    expect(listingCanonicalPath(query, taxonomy)).toBe("/ai-tools/marketing");
    expect(listingCanonicalPath({ ...query, category: ALL_CATEGORIES }, taxonomy)).toBe(
      "/ai-tools/marketing",
    );
  });

  it("stays on /ai-tools for subcategories of different categories, or a name two share", () => {
    expect(
      listingCanonicalPath({ ...all, subcategory: ["SEO", "Lead Generation"] }, taxonomy),
    ).toBe("/ai-tools");
    expect(listingCanonicalPath({ ...all, subcategory: ["Other"] }, taxonomy)).toBe("/ai-tools");
  });

  it("ignores a subcategory the category does not have", () => {
    expect(
      listingCanonicalPath({ category: "Marketing", subcategory: ["Lead Generation"] }, taxonomy),
    ).toBe("/ai-tools/marketing");
    expect(listingCanonicalPath({ ...all, subcategory: ["Nonsense"] }, taxonomy)).toBe("/ai-tools");
  });
});

const tools = [
  { slug: "rank-up", name: "Rank Up", category: "Marketing", subCategory: "SEO" },
  { slug: "loner", name: "Loner", category: null, subCategory: null },
  { slug: "ledger", name: "Ledger", category: "Finance", subCategory: null },
];
const pageUrl = "https://directory.example/ai-tools";

describe("a listing's ItemList", () => {
  it("lists the shown tools in order, with positions from 1 and absolute tool page URLs", () => {
    const list = listingJsonLd(tools, pageUrl, "AI Tools");
    expect(list).toMatchObject({ "@type": "ItemList", numberOfItems: 3, url: pageUrl });
    expect(list.itemListElement).toEqual([
      {
        "@type": "ListItem",
        position: 1,
        url: "https://directory.example/ai-tools/marketing/seo/rank-up",
        name: "Rank Up",
      },
      {
        "@type": "ListItem",
        position: 2,
        url: "https://directory.example/ai-tools/uncategorized/loner",
        name: "Loner",
      },
      {
        "@type": "ListItem",
        position: 3,
        url: "https://directory.example/ai-tools/finance/ledger",
        name: "Ledger",
      },
    ]);
  });

  it("is an empty list for a listing with no results", () => {
    expect(listingJsonLd([], pageUrl, "AI Tools")).toMatchObject({
      numberOfItems: 0,
      itemListElement: [],
    });
  });
});

describe("a listing's head", () => {
  const meta = listingMeta({
    head: { title: "AI Tools", description: "All of them." },
    canonicalUrl: pageUrl,
    tools,
    total: tools.length,
  });

  it("has the canonical link, social cards at the canonical URL and both feeds", () => {
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: pageUrl });
    expect(meta).toContainEqual({ property: "og:url", content: pageUrl });
    expect(meta).toContainEqual({ name: "twitter:title", content: "AI Tools" });
    expect(meta).toContainEqual(
      expect.objectContaining({ rel: "alternate", type: "application/rss+xml", href: "/feed.xml" }),
    );
    expect(meta).toContainEqual(
      expect.objectContaining({
        rel: "alternate",
        type: "application/atom+xml",
        href: "/feed.atom",
      }),
    );
  });

  it("asks not to be indexed only when it shows no tool", () => {
    const noindex = { name: "robots", content: "noindex" };
    expect(meta).not.toContainEqual(noindex);
    const empty = listingMeta({
      head: { title: "AI Tools", description: "All of them." },
      canonicalUrl: pageUrl,
      tools: [],
      total: 0,
    });
    expect(empty).toContainEqual(noindex);
  });
});

describe("the head a listing's canonical names", () => {
  const counted = [
    {
      name: "Marketing",
      count: 1200,
      subcategories: [{ name: "SEO", count: 40 }],
    },
  ];

  it("is the category's or subcategory's title and description, as on that page", () => {
    expect(listingHeadAt("/ai-tools/marketing", counted)).toEqual({
      title: "Marketing AI Tools",
      description:
        "Compare 1,200 AI tools in Marketing: features, pricing and ratings side by side.",
    });
    expect(listingHeadAt("/ai-tools/marketing/seo", counted)).toEqual({
      title: "SEO AI Tools",
      description: "40 AI tools for SEO in Marketing, compared on features, pricing and ratings.",
    });
  });

  it("is the directory's own for /ai-tools", () => {
    expect(listingHeadAt("/ai-tools", counted).title).toBe("AI Tools for Business Growth");
  });
});
