import { describe, expect, it } from "vitest";
import { pageKeyOf } from "#server/render-cache/page-key.server";
import { resolveComparePath } from "#server/services/compare/resolve-compare-path.server";
import { resolveCategoryPath } from "#server/services/tools/resolve-category-path.server";
import { buildSnapshot } from "#server/snapshot/snapshot.server";
import { createToolCard } from "../factories";

// Decision 013: one cache entry per page and normalised query, rendered at the key itself.

const snapshot = buildSnapshot([
  createToolCard({ slug: "quill-ai", category: "Marketing", subCategory: "SEO" }),
  createToolCard({ slug: "lead-owl", category: "Sales", subCategory: "Lead Generation" }),
]);
const catalogue = {
  getTaxonomy: () => snapshot.taxonomy,
  resolveCategoryPath: (segments: readonly string[]) => resolveCategoryPath(snapshot, segments),
  resolveComparePath: (rest: string) => resolveComparePath(snapshot, rest),
};
const keyOf = (target: string) => pageKeyOf(new URL(`http://localhost${target}`), catalogue);
const pathOf = (target: string) => keyOf(target)?.path;

describe("render cache keys", () => {
  it("keys a comparison at its canonical address alone, as a long-tail page", () => {
    expect(keyOf("/compare/lead-owl-vs-quill-ai?utm_source=x")).toEqual({
      path: "/compare/lead-owl-vs-quill-ai",
      isLongTail: true,
    });
    for (const target of [
      "/compare/quill-ai-vs-lead-owl",
      "/compare/quill-ai-vs-quill-ai",
      "/compare/quill-ai-vs-unknown",
      "/compare/quill-ai-vs-lead-owl-vs-quill-ai",
      `/compare/${"a-vs-".repeat(2000)}b`,
      "/compare",
    ]) {
      expect(keyOf(target), target.slice(0, 60)).toBeNull();
    }
  });

  it("keys the home, legal and newsletter pages by path alone", () => {
    expect(keyOf("/?utm_source=x&ref=y")).toEqual({ path: "/", isLongTail: false });
    for (const page of ["/privacy-policy", "/terms-of-service", "/disclaimer", "/newsletter"]) {
      expect(pathOf(`${page}?anything=1`)).toBe(page);
    }
  });

  it("leaves /newsletter-welcome out: it tells the browser that just confirmed apart", () => {
    expect(keyOf("/newsletter-welcome")).toBeNull();
  });

  it("keeps a browse query in one order, without defaults or unknown parameters", () => {
    expect(pathOf("/ai-tools?pricing=Free&utm_source=mail&sort=Newest&category=Sales")).toBe(
      "/ai-tools?category=Sales&sort=Newest&pricing=Free",
    );
    expect(pathOf("/ai-tools?pricing=All+Pricing&category=All&limit=21&offset=40")).toBe(
      "/ai-tools",
    );
  });

  it("drops what the page drops: an unknown category, a value the schema refuses", () => {
    expect(pathOf("/ai-tools?category=Astrology")).toBe("/ai-tools");
    expect(pathOf("/ai-tools?sort=Cheapest&pricing=Gratis")).toBe("/ai-tools");
    expect(pathOf("/ai-tools?limit=5000")).toBe("/ai-tools");
  });

  it("makes one key of searches that find the same tools, and counts them as long tail", () => {
    const key = keyOf("/ai-tools?search=%20Meeting%20%20NOTES%20");
    expect(key).toEqual({ path: "/ai-tools?search=meeting+notes", isLongTail: true });
    expect(pathOf("/ai-tools?search=meeting+notes")).toBe(key!.path);
  });

  it("does not key a search longer than the cap", () => {
    expect(keyOf(`/ai-tools?search=${"a".repeat(101)}`)).toBeNull();
    expect(keyOf(`/ai-tools?search=${"a".repeat(100)}`)).not.toBeNull();
  });

  it("keys a search as the page searches it: control characters gone, over-long never keyed", () => {
    expect(pathOf("/ai-tools?search=meeting%00%09notes")).toBe("/ai-tools?search=meeting+notes");
    expect(keyOf(`/ai-tools?search=${"marketing ".repeat(120)}`)).toBeNull();
  });

  it("sorts subcategories and counts them, and longer pages, as long tail", () => {
    expect(keyOf("/ai-tools?subcategory=SEO&subcategory=Lead+Generation")).toEqual({
      path: "/ai-tools?subcategory=Lead+Generation&subcategory=SEO",
      isLongTail: true,
    });
    expect(keyOf("/ai-tools?limit=30")).toEqual({ path: "/ai-tools?limit=30", isLongTail: true });
    expect(keyOf("/ai-tools?sort=Rating")?.isLongTail).toBe(false);
  });

  it("ignores the parameters a listing's path already fixes", () => {
    expect(pathOf("/ai-tools/marketing?category=Sales&pricing=Paid")).toBe(
      "/ai-tools/marketing?pricing=Paid",
    );
    expect(keyOf("/ai-tools/marketing/seo?subcategory=Lead+Generation")).toEqual({
      path: "/ai-tools/marketing/seo",
      isLongTail: false,
    });
  });

  it("keys a tool page, a moved tool and an unknown path by path alone", () => {
    expect(pathOf("/ai-tools/marketing/seo/quill-ai?search=x&ref=1")).toBe(
      "/ai-tools/marketing/seo/quill-ai",
    );
    expect(pathOf("/ai-tools/sales/quill-ai?limit=9")).toBe("/ai-tools/sales/quill-ai");
    expect(pathOf("/ai-tools/nowhere/at-all")).toBe("/ai-tools/nowhere/at-all");
  });

  it("leaves paths in another form than the site's links to the page handler", () => {
    for (const target of [
      "/AI-Tools",
      "/ai-tools/Marketing",
      "/ai-tools/",
      "/ai-tools/marketing/",
      "//ai-tools",
      "/ai-tools/mar%6Beting",
      "/ai-tools/a/b/c/d",
      "/account",
      "/admin/tools",
      "/verify-email",
    ]) {
      expect(keyOf(target), target).toBeNull();
    }
  });

  it("leaves a URL the browser reads itself (an auth dialog link) to the page handler", () => {
    expect(keyOf("/?signIn=1")).toBeNull();
    expect(keyOf("/ai-tools?forgotPassword=1")).toBeNull();
    expect(keyOf("/ai-tools/marketing?authError=google&error=x")).toBeNull();
  });
});
