import { describe, expect, it } from "vitest";
import { buildSnapshot } from "#server/snapshot/snapshot.server";
import { buildSitemap } from "#server/services/discovery/build-sitemap.server";
import { urlSetXml } from "#server/services/discovery/discovery-xml.server";
import { createToolCard } from "../factories";
import { sitemapSchemaErrors } from "../discovery-xml";

// "valid against the sitemap schema": libxml2 (xmllint-wasm) checks the sitemap files
// against our own XML Schemas of the sitemaps.org 0.9 protocol (tests/schemas).

const APP_URL = "https://tools.example.com";
const entries = (count: number) =>
  Array.from({ length: count }, (_, n) => ({
    loc: `${APP_URL}/ai-tools/marketing/seo/tool-${n}`,
    lastmod: new Date(Date.UTC(2026, 0, 1, 0, 0, n % 60)),
  }));

describe("sitemap schema", () => {
  it("accepts the built index and every chunk", async () => {
    const snapshot = buildSnapshot([
      createToolCard({ slug: "alpha" }),
      createToolCard({ slug: "beta", name: "Beta & <Co>" }),
      createToolCard({ slug: "gamma", category: "Sales", subCategory: null }),
      createToolCard({ slug: "delta", category: null, subCategory: null }),
    ]);
    const sitemap = await buildSitemap({
      snapshot,
      updatedAt: new Map(),
      appUrl: APP_URL,
      chunkSize: 4,
    });
    expect(sitemap.chunks.length).toBeGreaterThan(2);
    expect(await sitemapSchemaErrors(sitemap.index.body.toString(), "sitemap-index")).toEqual([]);
    for (const chunk of sitemap.chunks) {
      expect(await sitemapSchemaErrors(chunk.body.toString(), "urlset")).toEqual([]);
    }
  });

  it("accepts 50,000 URLs in one sitemap and refuses 50,001", async () => {
    expect(await sitemapSchemaErrors(urlSetXml(entries(50_000)), "urlset")).toEqual([]);
    expect(await sitemapSchemaErrors(urlSetXml(entries(50_001)), "urlset")).not.toEqual([]);
  }, 60_000);

  it("refuses relative locations, malformed dates, unknown elements and other namespaces", async () => {
    const valid = urlSetXml(entries(1));
    expect(await sitemapSchemaErrors(valid, "urlset")).toEqual([]);
    const broken = [
      urlSetXml([{ loc: "/ai-tools" }]),
      valid.replace(/<lastmod>[^<]*</, "<lastmod>1 January 2026<"),
      valid.replace("</loc>", "</loc><title>x</title>"),
      valid.replace("</loc>", "</loc><loc>https://tools.example.com/again</loc>"),
      valid.replace("sitemaps.org/schemas/sitemap/0.9", "example.com/sitemap"),
    ];
    for (const xml of broken) {
      expect(await sitemapSchemaErrors(xml, "urlset"), xml).not.toEqual([]);
    }
    expect(await sitemapSchemaErrors(valid, "sitemap-index")).not.toEqual([]);
  });
});
