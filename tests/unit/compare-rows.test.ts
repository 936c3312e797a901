import { describe, expect, it } from "vitest";
import { compareSections, type ComparisonTool } from "~/lib/compare-rows";

// The compare table's rows; nothing invented, "differences only" hides equal rows.

let sequence = 0;
function comparedTool(overrides: Partial<ComparisonTool> = {}): ComparisonTool {
  sequence++;
  return {
    id: `tool-${sequence}`,
    slug: `tool-${sequence}`,
    name: `Tool ${sequence}`,
    path: `/ai-tools/writing/editing/tool-${sequence}`,
    image: "",
    category: "Writing",
    subCategory: "Editing",
    pricingModel: "Freemium",
    pricingAmount: "$10/month",
    rating: { average: 4.5, count: 2 },
    likes: 3,
    views: 1200,
    keyFeatures: [],
    hashtags: ["writing"],
    websiteUrl: "https://www.example.com/",
    createdAt: "2026-01-02T10:00:00.000Z",
    updatedAt: "2026-03-04T10:00:00.000Z",
    ...overrides,
  };
}

const rowsOf = (tools: ComparisonTool[]) =>
  compareSections(tools).flatMap((section) => section.rows);
const rowOf = (tools: ComparisonTool[], key: string) =>
  rowsOf(tools).find((row) => row.key === key)!;
const textsOf = (tools: ComparisonTool[], key: string) =>
  rowOf(tools, key).cells.map((cell) => cell.text);

describe("compare rows", () => {
  it("shows every fact in its own row, one cell per tool, in the tools' order", () => {
    const tools = [comparedTool(), comparedTool({ views: 5, likes: 1234, pricingModel: "Paid" })];
    expect(rowsOf(tools).map((row) => row.label)).toEqual([
      "Category",
      "Subcategory",
      "Pricing model",
      "Price",
      "Rating",
      "Likes",
      "Views",
      "Hashtags",
      "Website",
      "Date added",
      "Last updated",
    ]);
    expect(textsOf(tools, "pricing-model")).toEqual(["Freemium", "Paid"]);
    expect(textsOf(tools, "likes")).toEqual(["3", "1,234"]);
    expect(textsOf(tools, "rating")).toEqual(["4.5 / 5 (2 ratings)", "4.5 / 5 (2 ratings)"]);
    expect(textsOf(tools, "created")).toEqual(["Jan 2, 2026", "Jan 2, 2026"]);
    expect(rowOf(tools, "website").cells[0]).toEqual({
      text: "example.com",
      href: "https://www.example.com/",
    });
  });

  it("leaves a missing value empty (a dash) instead of inventing one", () => {
    const bare = comparedTool({
      category: null,
      subCategory: null,
      pricingModel: null,
      pricingAmount: null,
      rating: null,
      hashtags: [],
      websiteUrl: null,
    });
    const tools = [comparedTool(), bare];
    for (const key of ["category", "subcategory", "pricing-model", "pricing-amount", "rating"]) {
      expect(textsOf(tools, key)[1], key).toBeNull();
    }
    expect(textsOf(tools, "hashtags")[1]).toBeNull();
    expect(rowOf(tools, "website").cells[1]).toEqual({ text: null });
  });

  it("lists the union of key features, matched whatever their case, as listed or not listed", () => {
    const tools = [
      comparedTool({ keyFeatures: ["Grammar check", "Tone rewrite"] }),
      comparedTool({ keyFeatures: ["grammar  CHECK", "Plagiarism scan"] }),
    ];
    const [, features] = compareSections(tools);
    expect(features!.title).toBe("Key features");
    expect(features!.rows.map((row) => [row.label, ...row.cells.map((cell) => cell.text)])).toEqual(
      [
        ["Grammar check", "Listed", "Listed"],
        ["Tone rewrite", "Listed", "Not listed"],
        ["Plagiarism scan", "Not listed", "Listed"],
      ],
    );
    expect(JSON.stringify(features)).not.toMatch(/"No"/);
  });

  it("has no key features section when no tool lists a feature", () => {
    expect(compareSections([comparedTool(), comparedTool()]).map((section) => section.key)).toEqual(
      ["facts"],
    );
  });

  it("marks a row the same only when every tool has the same value", () => {
    const tools = [
      comparedTool({ hashtags: ["b", "A"], keyFeatures: ["Export"] }),
      comparedTool({ hashtags: ["a", "b"], keyFeatures: ["export"], views: 7 }),
      comparedTool({ hashtags: ["a", "b"], keyFeatures: ["Export"], rating: null }),
    ];
    const same = (key: string) => rowOf(tools, key).isSame;
    expect(same("category")).toBe(true);
    expect(same("hashtags")).toBe(true);
    expect(same("feature:export")).toBe(true);
    expect(same("views")).toBe(false);
    expect(same("rating")).toBe(false);
  });

  it("counts a value missing everywhere as the same, and missing against present as a difference", () => {
    const tools = [
      comparedTool({ pricingAmount: null, websiteUrl: null }),
      comparedTool({ pricingAmount: null, websiteUrl: "https://example.com/" }),
    ];
    expect(rowOf(tools, "pricing-amount").isSame).toBe(true);
    expect(rowOf(tools, "website").isSame).toBe(false);
  });
});
