import { describe, expect, it } from "vitest";
import { toTaxonomy, countCategories } from "~/lib/category-stats";
import { categoryPath, subCategoryPath, toolPath } from "~/lib/paths";
import { generateDemoCatalogue, DEMO_FEATURED_TOOL_IDS } from "#server/seed/demo-catalogue.server";

const demo = generateDemoCatalogue();
const tools = demo.tools.map((tool) => ({
  ...tool,
  category: tool.category ?? null,
  subCategory: tool.subCategory ?? null,
}));

describe("demo catalogue", () => {
  it("has at least 1,200 tools across at least 12 categories and 60 subcategories", () => {
    const taxonomy = toTaxonomy(countCategories(tools));
    expect(tools.length).toBeGreaterThanOrEqual(1200);
    expect(taxonomy.length).toBeGreaterThanOrEqual(12);
    expect(taxonomy.flatMap((category) => category.subcategories).length).toBeGreaterThanOrEqual(
      60,
    );
  });
  it("has some tools without subcategory and a few without category", () => {
    const noSub = tools.filter((tool) => tool.category && !tool.subCategory).length;
    const noCategory = tools.filter((tool) => !tool.category).length;
    expect(noSub).toBeGreaterThan(10);
    expect(noCategory).toBeGreaterThan(0);
    expect(noCategory).toBeLessThan(20);
  });
  it("is the same every time", () => {
    expect(generateDemoCatalogue()).toEqual(demo);
  });
  it("has unique ids, slugs and names", () => {
    for (const key of ["id", "slug", "name"] as const) {
      expect(new Set(tools.map((tool) => tool[key])).size).toBe(tools.length);
    }
  });
  it("gives no tool a URL that a listing uses", () => {
    const listings = new Set(
      toTaxonomy(countCategories(tools)).flatMap((category) => [
        categoryPath(category.name),
        ...category.subcategories.map((sub) => subCategoryPath(category.name, sub.name)),
      ]),
    );
    const clashes = tools.filter((tool) => listings.has(toolPath(tool)));
    expect(clashes).toEqual([]);
  });
  it("spreads createdAt over two years with seconds", () => {
    const times = tools.map((tool) => (tool.createdAt as Date).getTime()).sort((a, b) => a - b);
    const spanDays = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 86_400_000;
    expect(spanDays).toBeGreaterThan(700);
    expect(tools.some((tool) => (tool.createdAt as Date).getUTCSeconds() !== 0)).toBe(true);
  });
  it("has skewed views: the top 10% hold most of them", () => {
    const views = tools.map((tool) => tool.views ?? 0).sort((a, b) => b - a);
    const total = views.reduce((sum, value) => sum + value, 0);
    const top = views.slice(0, Math.ceil(views.length / 10)).reduce((sum, value) => sum + value, 0);
    expect(top / total).toBeGreaterThan(0.4);
  });
  it("counts each tool's likes from its like rows", () => {
    const rows = new Map<string, number>();
    for (const like of demo.likes) rows.set(like.toolId, (rows.get(like.toolId) ?? 0) + 1);
    for (const tool of tools) expect(tool.likesTotal).toBe(rows.get(tool.id) ?? 0);
    expect(new Set(demo.likes.map((like) => `${like.userId}/${like.toolId}`)).size).toBe(
      demo.likes.length,
    );
  });
  it("uses all three pricing models with amounts", () => {
    const models = new Set(tools.map((tool) => tool.pricingModel));
    expect(models).toEqual(new Set(["Free", "Freemium", "Paid", null]));
    expect(tools.some((tool) => tool.pricingAmount === "$19/mo")).toBe(true);
  });
  it("writes Markdown long descriptions, key features, hashtags and SEO fields", () => {
    const tool = tools[0];
    expect(tool?.longDescription).toMatch(/^## What /);
    expect(tool?.keyFeatures?.length).toBeGreaterThanOrEqual(3);
    expect(tool?.hashtags?.length).toBeGreaterThan(0);
    expect(tool?.seoTitleTag?.length).toBeLessThanOrEqual(60);
    expect(tool?.seoMetaDescription?.length).toBeLessThanOrEqual(160);
  });
  it("features four tools that exist", () => {
    const ids = new Set(tools.map((tool) => tool.id));
    expect(DEMO_FEATURED_TOOL_IDS).toHaveLength(4);
    for (const id of DEMO_FEATURED_TOOL_IDS) expect(ids.has(id)).toBe(true);
  });
});
