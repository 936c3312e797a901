import { describe, expect, it } from "vitest";
import { toolPath, categoryPath, subCategoryPath } from "~/lib/paths";
import { uniqueSlug } from "~/lib/slug";
import { buildSnapshot } from "#server/snapshot/snapshot.server";
import {
  reservedSlugs,
  resolveCategoryPath,
} from "#server/services/tools/resolve-category-path.server";
import { createToolCard } from "../factories";

const withSub = createToolCard({
  slug: "quill-ai",
  name: "Quill AI",
  category: "Marketing",
  subCategory: "SEO",
});
const noSub = createToolCard({
  slug: "brief-mind",
  name: "Brief Mind",
  category: "Marketing",
  subCategory: null,
});
const noCategory = createToolCard({
  slug: "orbit-q",
  name: "Orbit Q",
  category: null,
  subCategory: null,
});
const snapshot = buildSnapshot([withSub, noSub, noCategory]);

describe("tool paths (routes)", () => {
  it("has category, subcategory and name slugs for a tool with a subcategory", () => {
    expect(toolPath(withSub)).toBe("/ai-tools/marketing/seo/quill-ai");
  });
  it("leaves out the subcategory when there is none", () => {
    expect(toolPath(noSub)).toBe("/ai-tools/marketing/brief-mind");
  });
  it("uses 'uncategorized' for a tool without category", () => {
    expect(toolPath(noCategory)).toBe("/ai-tools/uncategorized/orbit-q");
  });
  it("slugs category and subcategory names", () => {
    expect(categoryPath("Writing & Content")).toBe("/ai-tools/writing-content");
    expect(subCategoryPath("Writing & Content", "Editing & Proofreading")).toBe(
      "/ai-tools/writing-content/editing-proofreading",
    );
  });
});

describe("resolveCategoryPath", () => {
  it("resolves a category listing", () => {
    expect(resolveCategoryPath(snapshot, ["marketing"])).toMatchObject({
      kind: "category",
      category: { name: "Marketing" },
    });
  });
  it("resolves /{category}/{x} to a subcategory listing when x is a subcategory", () => {
    expect(resolveCategoryPath(snapshot, ["marketing", "seo"])).toMatchObject({
      kind: "subcategory",
      subCategory: { name: "SEO" },
    });
  });
  it("resolves /{category}/{x} to a tool without subcategory otherwise", () => {
    expect(resolveCategoryPath(snapshot, ["marketing", "brief-mind"])).toEqual({
      kind: "tool",
      tool: noSub,
    });
  });
  it("resolves the three-segment tool route and the uncategorized route", () => {
    expect(resolveCategoryPath(snapshot, ["marketing", "seo", "quill-ai"])).toEqual({
      kind: "tool",
      tool: withSub,
    });
    expect(resolveCategoryPath(snapshot, ["uncategorized", "orbit-q"])).toEqual({
      kind: "tool",
      tool: noCategory,
    });
  });
  it("sends a tool reached at any other address to its canonical URL", () => {
    const moved = (to: string) => ({ kind: "moved", to });
    expect(resolveCategoryPath(snapshot, ["sales", "brief-mind"])).toEqual(moved(toolPath(noSub)));
    expect(resolveCategoryPath(snapshot, ["marketing", "quill-ai"])).toEqual(
      moved(toolPath(withSub)),
    );
    expect(resolveCategoryPath(snapshot, ["uncategorized", "quill-ai"])).toEqual(
      moved(toolPath(withSub)),
    );
    expect(resolveCategoryPath(snapshot, ["marketing", "nope", "quill-ai"])).toEqual(
      moved(toolPath(withSub)),
    );
    expect(resolveCategoryPath(snapshot, ["gone", "orbit-q"])).toEqual(moved(toolPath(noCategory)));
  });
  it("finds nothing for unknown categories, unknown tools and over-long paths", () => {
    expect(resolveCategoryPath(snapshot, ["nope"]).kind).toBe("not-found");
    expect(resolveCategoryPath(snapshot, ["marketing", "no-such-tool"]).kind).toBe("not-found");
    expect(resolveCategoryPath(snapshot, ["marketing", "seo", "no-such-tool"]).kind).toBe(
      "not-found",
    );
    expect(resolveCategoryPath(snapshot, ["marketing", "seo", "quill-ai", "x"]).kind).toBe(
      "not-found",
    );
  });

  it("never lets a tool's canonical URL collide with a listing", () => {
    // A tool named like a subcategory of its own category, with no subcategory of its own.
    const taken = reservedSlugs(snapshot.taxonomy, snapshot.bySlug.keys());
    const clash = createToolCard({
      name: "SEO",
      slug: uniqueSlug("SEO", taken),
      category: "Marketing",
      subCategory: null,
    });
    const withClash = buildSnapshot([...snapshot.tools, clash]);

    expect(clash.slug).not.toBe("seo");
    expect(resolveCategoryPath(withClash, ["marketing", "seo"]).kind).toBe("subcategory");
    const segments = toolPath(clash).split("/").slice(2);
    expect(resolveCategoryPath(withClash, segments)).toEqual({ kind: "tool", tool: clash });
  });
});
