import { describe, expect, it } from "vitest";
import { comparePath } from "~/lib/compare";
import { buildSnapshot } from "#server/snapshot/snapshot.server";
import { buildFeeds, toolTagUri } from "#server/services/discovery/build-feeds.server";
import { buildLlmsText } from "#server/services/discovery/build-llms-text.server";
import {
  buildSitemap,
  listSitemapPages,
  type Sitemap,
} from "#server/services/discovery/build-sitemap.server";
import { robotsText } from "#server/routes/discovery-routes.server";
import { createToolCard } from "../factories";
import { readAtom, readRss, readSitemapIndex, readUrlSet } from "../discovery-xml";

const APP_URL = "https://tools.example.com";

const seoA = createToolCard({
  id: "a",
  slug: "rank-writer",
  name: "Rank Writer",
  cardDescription: "Keyword research and ranking reports.",
  createdAt: "2026-01-01T00:00:00.000Z",
});
const seoB = createToolCard({
  id: "b",
  slug: "keyword-scout",
  name: "Keyword Scout",
  cardDescription: "Keyword research for ranking.",
  createdAt: "2026-01-02T00:00:00.000Z",
});
const support = createToolCard({
  id: "c",
  slug: "help-bot",
  name: "Help <Bot> & Co",
  category: "Customer Support",
  subCategory: null,
  cardDescription: "Answers tickets.",
  createdAt: "2026-01-03T00:00:00.000Z",
});
const snapshot = buildSnapshot([seoA, seoB, support]);
const updatedAt = new Map([
  ["a", new Date("2026-02-10T08:00:00Z")],
  ["b", new Date("2026-02-01T08:00:00Z")],
]);

/** Every URL of the sitemap, read through its index and each chunk, with its lastmod. */
function sitemapUrls(sitemap: Sitemap) {
  const chunks = readSitemapIndex(sitemap.index.body.toString());
  expect(chunks).toHaveLength(sitemap.chunks.length);
  return chunks.flatMap((chunk, position) => {
    expect(chunk.loc).toBe(`${APP_URL}/sitemaps/${position + 1}.xml`);
    return readUrlSet(sitemap.chunks[position]!.body.toString());
  });
}

describe("sitemap", () => {
  it("lists home, listings, plain pages, every tool and each tool's comparisons, absolute", async () => {
    const sitemap = await buildSitemap({ snapshot, updatedAt, appUrl: APP_URL });
    const urls = sitemapUrls(sitemap);
    const byLoc = new Map(urls.map((url) => [url.loc.slice(APP_URL.length), url.lastmod]));
    expect([...byLoc.keys()]).toEqual([
      "/",
      "/ai-tools",
      "/ai-tools/marketing",
      "/ai-tools/marketing/seo",
      "/ai-tools/customer-support",
      "/newsletter",
      "/privacy-policy",
      "/terms-of-service",
      "/disclaimer",
      "/ai-tools/customer-support/help-bot",
      "/ai-tools/marketing/seo/keyword-scout",
      "/ai-tools/marketing/seo/rank-writer",
      comparePath(["rank-writer", "keyword-scout"]),
    ]);
    expect(sitemap.urlCount).toBe(13);
    // A tool's lastmod is its update; without one, its creation. A listing's is its newest tool's.
    expect(byLoc.get("/ai-tools/marketing/seo/rank-writer")).toBe("2026-02-10T08:00:00Z");
    expect(byLoc.get("/ai-tools/customer-support/help-bot")).toBe("2026-01-03T00:00:00Z");
    expect(byLoc.get("/ai-tools/marketing")).toBe("2026-02-10T08:00:00Z");
    expect(byLoc.get("/")).toBe("2026-02-10T08:00:00Z");
    expect(byLoc.get(comparePath(["rank-writer", "keyword-scout"]))).toBe("2026-02-10T08:00:00Z");
    expect(byLoc.get("/privacy-policy")).toBeUndefined();
  });

  it("splits into chunks of at most the cap, the index dating each by its newest page", async () => {
    const sitemap = await buildSitemap({ snapshot, updatedAt, appUrl: APP_URL, chunkSize: 5 });
    expect(sitemap.chunks).toHaveLength(3);
    const sizes = sitemap.chunks.map((chunk) => readUrlSet(chunk.body.toString()).length);
    expect(sizes).toEqual([5, 5, 3]);
    expect(sitemapUrls(sitemap)).toEqual(
      sitemapUrls(await buildSitemap({ snapshot, updatedAt, appUrl: APP_URL })),
    );
    expect(readSitemapIndex(sitemap.index.body.toString()).map((chunk) => chunk.lastmod)).toEqual([
      "2026-02-10T08:00:00Z",
      "2026-01-03T00:00:00Z",
      "2026-02-10T08:00:00Z",
    ]);
  });

  it("never puts more than 50,000 URLs in a chunk", async () => {
    const many = buildSnapshot(
      Array.from({ length: 30_000 }, (_, n) =>
        createToolCard({ id: `t${n}`, slug: `tool-number-${n}`, subCategory: `Group ${n % 50}` }),
      ),
    );
    const sitemap = await buildSitemap({ snapshot: many, updatedAt: new Map(), appUrl: APP_URL });
    const urls = sitemapUrls(sitemap);
    expect(urls.length).toBe(sitemap.urlCount);
    expect(sitemap.urlCount).toBeGreaterThan(50_000);
    expect(sitemap.chunks).toHaveLength(Math.ceil(sitemap.urlCount / 50_000));
    expect(readUrlSet(sitemap.chunks[0]!.body.toString())).toHaveLength(50_000);
    expect(new Set(urls.map((url) => url.loc)).size).toBe(urls.length);
  }, 60_000);

  it("lists each comparison once, in canonical order", async () => {
    const paths = (await listSitemapPages(snapshot, updatedAt)).map((page) => page.path);
    const comparisons = paths.filter((path) => path.startsWith("/compare/"));
    expect(comparisons).toEqual(["/compare/keyword-scout-vs-rank-writer"]);
  });

  it("changes its ETag when its content does", async () => {
    const before = await buildSitemap({ snapshot, updatedAt, appUrl: APP_URL });
    const same = await buildSitemap({ snapshot, updatedAt, appUrl: APP_URL });
    const after = await buildSitemap({
      snapshot: buildSnapshot([seoA, seoB]),
      updatedAt,
      appUrl: APP_URL,
    });
    expect(same.chunks[0]!.etag).toBe(before.chunks[0]!.etag);
    expect(after.chunks[0]!.etag).not.toBe(before.chunks[0]!.etag);
  });
});

describe("feeds", () => {
  const feeds = buildFeeds({ snapshot, updatedAt, appUrl: APP_URL });

  it("carry the newest tools first with tag: ids made of the host and the tool id", async () => {
    const rss = readRss(feeds.rss.body.toString(), `${APP_URL}/feed.xml`);
    const atom = readAtom(feeds.atom.body.toString(), `${APP_URL}/feed.atom`);
    expect(rss.map((item) => item.id)).toEqual([
      "tag:tools.example.com,2026:tools/c",
      "tag:tools.example.com,2026:tools/b",
      "tag:tools.example.com,2026:tools/a",
    ]);
    expect(atom.map((entry) => entry.id)).toEqual(rss.map((item) => item.id));
    expect(atom[0]).toMatchObject({
      title: "Help <Bot> & Co",
      link: `${APP_URL}/ai-tools/customer-support/help-bot`,
      summary: "Answers tickets.",
      category: "Customer Support",
      published: "2026-01-03T00:00:00Z",
      updated: "2026-01-03T00:00:00Z",
    });
    expect(atom[2]?.updated).toBe("2026-02-10T08:00:00Z");
  });

  it("keep a tool's id when it is renamed, moved or edited", async () => {
    expect(toolTagUri("https://tools.example.com:8443/x", "a")).toBe(
      "tag:tools.example.com,2026:tools/a",
    );
    const moved = buildFeeds({
      snapshot: buildSnapshot([{ ...seoA, slug: "renamed", category: "Sales" }]),
      updatedAt: new Map([["a", new Date()]]),
      appUrl: APP_URL,
    });
    expect(readRss(moved.rss.body.toString(), `${APP_URL}/feed.xml`)[0]?.id).toBe(
      "tag:tools.example.com,2026:tools/a",
    );
  });

  it("hold at most 50 tools", async () => {
    const many = buildSnapshot(Array.from({ length: 60 }, () => createToolCard()));
    const big = buildFeeds({ snapshot: many, updatedAt: new Map(), appUrl: APP_URL });
    expect(readRss(big.rss.body.toString(), `${APP_URL}/feed.xml`)).toHaveLength(50);
    expect(readAtom(big.atom.body.toString(), `${APP_URL}/feed.atom`)).toHaveLength(50);
  });
});

describe("llms.txt", () => {
  it("names the uncategorised tools so the category counts add up to the total", () => {
    const loose = createToolCard({
      id: "d",
      slug: "loose-tool",
      category: null,
      subCategory: null,
    });
    const text = buildLlmsText(buildSnapshot([seoA, seoB, support, loose]), APP_URL);
    expect(text).toContain("directory of 4 AI tools");
    expect(text).toContain(`[All AI tools](${APP_URL}/ai-tools): all 4 tools`);
    const listed = [...text.matchAll(/^- \[[^\]]+\]\([^)]+\): (\d+) tools?/gm)];
    expect(listed.reduce((sum, match) => sum + Number(match[1]), 0)).toBe(4);
    expect(text).toContain(
      `[Uncategorised tools](${APP_URL}/ai-tools): 1 tool in no category, listed with all AI tools`,
    );
    expect(buildLlmsText(snapshot, APP_URL)).not.toContain("Uncategorised");
  });

  it("has a title, a summary and markdown links to every category and the top tools", async () => {
    const text = buildLlmsText(snapshot, APP_URL);
    expect(text.startsWith("# Business AI Tools Directory\n\n> ")).toBe(true);
    expect(text).toContain(`[Marketing](${APP_URL}/ai-tools/marketing)`);
    expect(text).toContain(`[SEO](${APP_URL}/ai-tools/marketing/seo)`);
    expect(text).toContain(`[Customer Support](${APP_URL}/ai-tools/customer-support)`);
    expect(text).toContain(`- [Help <Bot> & Co](${APP_URL}/ai-tools/customer-support/help-bot)`);
    expect(text).toContain(`[Sitemap](${APP_URL}/sitemap.xml)`);
    expect(text).toContain(`[RSS feed](${APP_URL}/feed.xml)`);
    expect(text).toContain(`[Atom feed](${APP_URL}/feed.atom)`);
    const sections = text.split("\n").filter((line) => line.startsWith("## "));
    expect(sections).toEqual(["## Categories", "## Top tools", "## Optional"]);
  });

  it("keeps brackets in names from breaking a link", async () => {
    const odd = buildSnapshot([createToolCard({ name: "Odd ] [Name](x)" })]);
    expect(buildLlmsText(odd, APP_URL)).toContain("[Odd \\] \\[Name\\](x)](");
  });
});

describe("robots.txt", () => {
  it("allows the site, keeps private and token paths out and names the sitemap", async () => {
    const lines = robotsText(APP_URL).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of [
      "/admin",
      "/account",
      "/api/",
      "/dev/",
      "/auth/",
      "/newsletter/confirm",
      "/newsletter/unsubscribe",
      "/verify-email",
      "/reset-password",
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
    expect(lines.some((line) => /^Disallow: \/?$/.test(line))).toBe(false);
  });
});
