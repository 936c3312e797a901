import { describe, expect, it } from "vitest";
import { toolQuerySchema } from "~/lib/tool-query";
import { queryFromSearchParams } from "~/lib/tool-query-params";
import { buildSnapshot } from "#server/snapshot/snapshot.server";
import { findTools } from "#server/services/tools/find-tools.server";
import { createToolCard } from "../factories";

const old = createToolCard({
  name: "Old Writer",
  category: "Writing",
  subCategory: "Copywriting",
  createdAt: "2024-01-01T00:00:00.000Z",
  likesTotal: 50,
  views: 10,
  ratingAvg: 3,
  pricing: { model: "Paid", amount: "$9/mo" },
});
const mid = createToolCard({
  name: "Mid Seller",
  category: "Sales",
  subCategory: "Lead Generation",
  createdAt: "2025-01-01T00:00:00.000Z",
  likesTotal: 5,
  views: 900,
  ratingAvg: 4.5,
  pricing: { model: "Free", amount: "Free" },
});
const fresh = createToolCard({
  name: "Fresh Writer",
  category: "Writing",
  subCategory: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  likesTotal: 1,
  views: 50,
  ratingAvg: 5,
  pricing: { model: "Freemium", amount: "Free plan" },
});
const snapshot = buildSnapshot([old, mid, fresh]);
const query = (raw: Record<string, unknown> = {}) => toolQuerySchema.parse(raw);
const names = (raw: Record<string, unknown>) =>
  findTools(snapshot, query(raw)).tools.map((tool) => tool.name);

describe("findTools", () => {
  it("defaults to every tool, newest first, 21 at most", () => {
    const page = findTools(snapshot, query());
    expect(page.tools.map((tool) => tool.name)).toEqual([
      "Fresh Writer",
      "Mid Seller",
      "Old Writer",
    ]);
    expect(page.total).toBe(3);
    expect(query().limit).toBe(21);
  });
  it.each([
    ["Most Liked", ["Old Writer", "Mid Seller", "Fresh Writer"]],
    ["Most Viewed", ["Mid Seller", "Fresh Writer", "Old Writer"]],
    ["Rating", ["Fresh Writer", "Mid Seller", "Old Writer"]],
  ])("sorts by %s, descending", (sort, expected) => {
    expect(names({ sort })).toEqual(expected);
  });
  it("filters by category and by several subcategories", () => {
    expect(names({ category: "Writing" })).toEqual(["Fresh Writer", "Old Writer"]);
    expect(names({ subcategory: ["Copywriting", "Lead Generation"] })).toEqual([
      "Mid Seller",
      "Old Writer",
    ]);
  });
  it("filters by pricing model", () => {
    expect(names({ pricing: "Freemium" })).toEqual(["Fresh Writer"]);
  });
  it("pages with offset and limit and reports the total", () => {
    const page = findTools(snapshot, query({ offset: 1, limit: 1 }));
    expect(page.tools.map((tool) => tool.name)).toEqual(["Mid Seller"]);
    expect(page.total).toBe(3);
  });
  it("does not search with fewer than 2 trimmed characters", () => {
    expect(findTools(snapshot, query({ search: " w " })).total).toBe(3);
  });
  it("searches every word and counts facets over the matches", () => {
    const page = findTools(snapshot, query({ search: "writer" }));
    expect(page.total).toBe(2);
    expect(page.facets.map((facet) => [facet.name, facet.count])).toEqual([["Writing", 2]]);
  });
  it("rejects unknown sorts and pricing options", () => {
    expect(toolQuerySchema.safeParse({ sort: "Cheapest" }).success).toBe(false);
    expect(toolQuerySchema.safeParse({ pricing: "Expensive" }).success).toBe(false);
    expect(toolQuerySchema.safeParse({ limit: "-1" }).success).toBe(false);
  });
  it("reads repeated subcategory parameters as a list", () => {
    const raw = queryFromSearchParams(
      new URLSearchParams("subcategory=SEO&subcategory=Ads&sort=Rating"),
    );
    expect(query(raw)).toMatchObject({ subcategory: ["SEO", "Ads"], sort: "Rating" });
  });
  it("sorts search results by relevance unless another sort is chosen", () => {
    const page = findTools(snapshot, query({ search: "writer" }));
    expect(page.sort).toBe("Relevance");
    // Equal matches: popularity decides (Old Writer: 50 likes and more views).
    expect(page.tools.map((tool) => tool.name)).toEqual(["Old Writer", "Fresh Writer"]);
    expect(names({ search: "writer", sort: "Newest" })).toEqual(["Fresh Writer", "Old Writer"]);
    expect(names({ search: "writer", sort: "Rating" })).toEqual(["Fresh Writer", "Old Writer"]);
    expect(findTools(snapshot, query()).sort).toBe("Newest");
  });
  it("puts an exact name match first, before more popular partial matches", () => {
    const exact = createToolCard({ name: "Writer", likesTotal: 0, views: 0, ratingAvg: 0 });
    const withExact = buildSnapshot([old, mid, fresh, exact]);
    const found = findTools(withExact, query({ search: "WRITER " })).tools.map((tool) => tool.name);
    expect(found).toEqual(["Writer", "Old Writer", "Fresh Writer"]);
  });
  it("counts the All chip and the facets over search and pricing, not over the category", () => {
    const page = findTools(snapshot, query({ search: "writer", category: "Sales" }));
    expect(page.total).toBe(0);
    expect(page.totalInAllCategories).toBe(2);
    expect(page.facets.map((facet) => [facet.name, facet.count])).toEqual([["Writing", 2]]);
  });
  it("reaches every tool by paging, far past the first thousand", () => {
    const many = buildSnapshot(
      Array.from({ length: 1_100 }, (_, i) =>
        createToolCard({
          name: `Bulk ${i}`,
          createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
        }),
      ),
    );
    const last = findTools(many, query({ offset: 1_099, limit: 9 }));
    expect(last.tools.map((tool) => tool.name)).toEqual(["Bulk 0"]);
    expect(last.total).toBe(1_100);
  });
  it("returns at most 1000 search results", () => {
    const many = buildSnapshot(
      Array.from({ length: 1_100 }, (_, i) => createToolCard({ name: `Robot ${i}` })),
    );
    expect(findTools(many, query({ search: "robot" })).total).toBe(1_000);
  });
  it("answers a search no tool matches in full from its telling words, on every page", () => {
    const page = findTools(snapshot, query({ search: "writer xqzvy", limit: 1 }));
    expect(page.relaxedSearch).toBe("writer");
    expect(page.total).toBe(2);
    const next = findTools(snapshot, query({ search: "writer xqzvy", offset: 1, limit: 1 }));
    expect([...page.tools, ...next.tools].map((tool) => tool.name).sort()).toEqual([
      "Fresh Writer",
      "Old Writer",
    ]);
    expect(next.relaxedSearch).toBe("writer");
  });
  it("suggests the catalogue's spelling for a search that finds nothing", () => {
    const page = findTools(snapshot, query({ search: "lesd" }));
    expect(page.total).toBe(0);
    expect(page.relaxedSearch).toBeNull();
    expect(page.suggestedSearch).toBe("lead");
  });
  it("suggests a spelling only when it finds tools the category and pricing filters show", () => {
    // "lead" is in Mid Seller only: Sales, Free.
    expect(findTools(snapshot, query({ search: "lesd", category: "Sales" })).suggestedSearch).toBe(
      "lead",
    );
    expect(
      findTools(snapshot, query({ search: "lesd", category: "Writing" })).suggestedSearch,
    ).toBeNull();
    expect(
      findTools(snapshot, query({ search: "lesd", subcategory: ["Copywriting"] })).suggestedSearch,
    ).toBeNull();
    expect(
      findTools(snapshot, query({ search: "lesd", pricing: "Paid" })).suggestedSearch,
    ).toBeNull();
  });
  it("neither relaxes nor suggests a search that finds what was typed", () => {
    const page = findTools(snapshot, query({ search: "old writer" }));
    expect(page.tools.map((tool) => tool.name)).toEqual(["Old Writer"]);
    expect(page).toMatchObject({ relaxedSearch: null, suggestedSearch: null });
    expect(findTools(snapshot, query())).toMatchObject({
      relaxedSearch: null,
      suggestedSearch: null,
    });
  });
});
