import { describe, expect, it } from "vitest";
import { countCategories, toTaxonomy, withCategoryChanges } from "~/lib/category-stats";

describe("category statistics (categoryStats)", () => {
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

describe("category names that are also property names of plain objects", () => {
  const names = ["constructor", "__proto__", "toString", "hasOwnProperty"];
  const tools = names.flatMap((name) => [
    { category: name, subCategory: name },
    { category: name, subCategory: "valueOf" },
  ]);

  it("counts them like any other name", () => {
    const taxonomy = toTaxonomy(countCategories(tools));
    expect(taxonomy.map((entry) => [entry.name, entry.count]).sort()).toEqual(
      names.map((name) => [name, 2]).sort(),
    );
    for (const entry of taxonomy) {
      expect(entry.subcategories.map((sub) => [sub.name, sub.count]).sort()).toEqual(
        [
          [entry.name, 1],
          ["valueOf", 1],
        ].sort(),
      );
    }
  });

  it("keeps counting them right as tools join and leave", () => {
    const before = countCategories(tools);
    const after = withCategoryChanges(before, [tools[0]!, tools[1]!], [tools[2]!]);
    expect(after).toEqual(countCategories([...tools.slice(2), tools[2]!]));
  });
});
