import { describe, expect, it } from "vitest";
import type { Fact } from "~/lib/buyer-facts";
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
    startingPrice: null,
    plans: [],
    facts: {},
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
    expect(compareSections(tools)[0]!.rows.map((row) => row.label)).toEqual([
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
    const features = compareSections(tools).find((section) => section.key === "features");
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
      ["facts", "security", "integrations", "pricing"],
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

  describe("buyer facts", () => {
    const fact = <V>(value: V): Fact<V> => ({
      value,
      source: "vendor",
      evidenceUrl: "https://example.com/security",
      quote: null,
      checkedAt: "2026-12-02",
    });
    const sectionOf = (tools: ComparisonTool[], key: string) =>
      compareSections(tools).find((section) => section.key === key)!;

    it("shows every fact key of the tool page's sections, unknown as Unknown and never as No", () => {
      const tools = [
        comparedTool({ facts: { sso: fact("yes"), soc2: fact("type2") } }),
        comparedTool({ facts: { sso: fact("no") } }),
      ];
      const security = sectionOf(tools, "security");
      expect(security.title).toBe("Security & compliance");
      expect(security.rows).toHaveLength(12);
      expect(textsOf(tools, "fact:sso")).toEqual(["Yes", "No"]);
      expect(textsOf(tools, "fact:soc2")).toEqual(["Type II", "Unknown"]);
      expect(textsOf(tools, "fact:hipaa")).toEqual(["Unknown", "Unknown"]);
      expect(sectionOf(tools, "integrations").rows.map((row) => row.key)).toEqual([
        "fact:integrations",
        "fact:platforms",
        "fact:api",
        "fact:self-hosted",
        "fact:open-source",
      ]);
    });

    it("counts a list in another order as the same value, and unknown against known as a difference", () => {
      const tools = [
        comparedTool({
          facts: { integrations: fact(["slack", "hubspot"]), "data-regions": fact(["eu"]) },
        }),
        comparedTool({ facts: { integrations: fact(["hubspot", "slack"]) } }),
      ];
      expect(textsOf(tools, "fact:integrations")).toEqual(["Slack, HubSpot", "HubSpot, Slack"]);
      expect(rowOf(tools, "fact:integrations").isSame).toBe(true);
      expect(rowOf(tools, "fact:data-regions").isSame).toBe(false);
      expect(rowOf(tools, "fact:hipaa").isSame).toBe(true);
    });

    it("prices from the plans where known, and lists the plans", () => {
      const plans = [
        { name: "Free", price: 0, currency: "USD", period: "month", unit: "flat", note: null },
        { name: "Pro", price: 19, currency: "USD", period: "month", unit: "per-user", note: null },
      ] as const;
      const tools = [
        comparedTool({
          plans: [...plans],
          startingPrice: { amount: 19, currency: "USD", unit: "user", plan: "Pro" },
          facts: { "free-trial": fact(14) },
        }),
        comparedTool(),
      ];
      expect(textsOf(tools, "pricing-amount")).toEqual(["From $19 per user/month", "$10/month"]);
      expect(textsOf(tools, "plans")).toEqual(["Free: Free; Pro: $19 per user/month", "Unknown"]);
      expect(textsOf(tools, "fact:free-trial")).toEqual(["14 days", "Unknown"]);
      expect(sectionOf(tools, "pricing").title).toBe("Pricing plans");
    });
  });
});
