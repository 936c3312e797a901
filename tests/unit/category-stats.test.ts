import { describe, expect, it } from "vitest";
import { countCategories, toTaxonomy } from "~/lib/category-stats";

describe("category statistics (spec 3 categoryStats)", () => {
  const tools = [
    { category: "Sales", subCategory: "CRM Assistants" },
    { category: "Sales", subCategory: "CRM Assistants" },
    { category: "Sales", subCategory: null },
    { category: "Marketing", subCategory: "SEO" },
    { category: null, subCategory: null },
  ];

  it("counts tools per category and subcategory", () => {
    expect(countCategories(tools)).toEqual({
      categories: {
        Sales: { count: 3, subcategories: { "CRM Assistants": 2 } },
        Marketing: { count: 1, subcategories: { SEO: 1 } },
      },
    });
  });

  it("lists categories largest first with their slugs", () => {
    const taxonomy = toTaxonomy(countCategories(tools));
    expect(taxonomy.map((entry) => [entry.name, entry.slug, entry.count])).toEqual([
      ["Sales", "sales", 3],
      ["Marketing", "marketing", 1],
    ]);
    expect(taxonomy[0]?.subcategories).toEqual([
      { name: "CRM Assistants", slug: "crm-assistants", count: 2 },
    ]);
  });
});
