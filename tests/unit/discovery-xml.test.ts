import { describe, expect, it } from "vitest";
import {
  atomXml,
  rssXml,
  sitemapIndexXml,
  urlSetXml,
  w3cDateTime,
  type Feed,
} from "#server/services/discovery/discovery-xml.server";
import { readAtom, readRss, readSitemapIndex, readUrlSet } from "../discovery-xml";

const HOSTILE = `Tom & "Jerry's" <b>AI</b> \u0001\u0008 \uD800 ]]> 🤖`;

describe("w3cDateTime", () => {
  it("writes UTC to the second", () => {
    expect(w3cDateTime(new Date("2026-03-04T05:06:07.890Z"))).toBe("2026-03-04T05:06:07Z");
  });
});

describe("sitemap XML", () => {
  it("writes a urlset in the sitemap namespace with escaped locations and lastmods", () => {
    const xml = urlSetXml([
      { loc: "https://example.com/a?x=1&y=2", lastmod: new Date("2026-01-02T03:04:05Z") },
      { loc: "https://example.com/b" },
    ]);
    expect(xml).toContain("<loc>https://example.com/a?x=1&amp;y=2</loc>");
    expect(readUrlSet(xml)).toEqual([
      { loc: "https://example.com/a?x=1&y=2", lastmod: "2026-01-02T03:04:05Z" },
      { loc: "https://example.com/b" },
    ]);
  });

  it("writes a sitemap index that only an index reader accepts", () => {
    const xml = sitemapIndexXml([{ loc: "https://example.com/sitemaps/1.xml" }]);
    expect(readSitemapIndex(xml)).toEqual([{ loc: "https://example.com/sitemaps/1.xml" }]);
    expect(() => readUrlSet(xml)).toThrow(/root/);
  });

  it("is refused by the reader when a location is relative or a lastmod malformed", () => {
    expect(() => readUrlSet(urlSetXml([{ loc: "/relative" }]))).toThrow();
    const badDate = urlSetXml([{ loc: "https://example.com/" }]).replace(
      "</loc>",
      "</loc><lastmod>yesterday</lastmod>",
    );
    expect(() => readUrlSet(badDate)).toThrow(/lastmod/);
  });
});

const FEED: Feed = {
  id: "tag:example.com,2026:feeds/newest",
  title: "Newest & best",
  description: "New tools",
  siteUrl: "https://example.com/",
  author: "Directory",
  updated: new Date("2026-02-01T00:00:00Z"),
  items: [
    {
      id: "tag:example.com,2026:tools/t1",
      title: HOSTILE,
      url: "https://example.com/ai-tools/marketing/seo/t1",
      summary: "Writes <copy> & more",
      category: "Marketing",
      published: new Date("2026-01-01T10:00:00Z"),
      updated: new Date("2026-01-15T10:00:00Z"),
    },
    {
      id: "tag:example.com,2026:tools/t2",
      title: "Plain",
      url: "https://example.com/ai-tools/uncategorized/t2",
      summary: "",
      category: null,
      published: new Date("2026-01-01T09:00:00Z"),
      updated: new Date("2026-01-01T09:00:00Z"),
    },
  ],
};

describe("feed XML", () => {
  it("writes RSS 2.0 with atom:link rel=self, stable guids and RFC 822 dates", () => {
    const items = readRss(
      rssXml(FEED, "https://example.com/feed.xml"),
      "https://example.com/feed.xml",
    );
    expect(items).toEqual([
      {
        id: "tag:example.com,2026:tools/t1",
        title: `Tom & "Jerry's" <b>AI</b>   ]]> 🤖`,
        link: "https://example.com/ai-tools/marketing/seo/t1",
        summary: "Writes <copy> & more",
        category: "Marketing",
        published: "Thu, 01 Jan 2026 10:00:00 GMT",
      },
      {
        id: "tag:example.com,2026:tools/t2",
        title: "Plain",
        link: "https://example.com/ai-tools/uncategorized/t2",
        summary: "",
        published: "Thu, 01 Jan 2026 09:00:00 GMT",
      },
    ]);
  });

  it("writes Atom 1.0 with ids, published and updated times and a category term", () => {
    const entries = readAtom(
      atomXml(FEED, "https://example.com/feed.atom"),
      "https://example.com/feed.atom",
    );
    expect(entries[0]).toEqual({
      id: "tag:example.com,2026:tools/t1",
      title: `Tom & "Jerry's" <b>AI</b>   ]]> 🤖`,
      link: "https://example.com/ai-tools/marketing/seo/t1",
      summary: "Writes <copy> & more",
      category: "Marketing",
      published: "2026-01-01T10:00:00Z",
      updated: "2026-01-15T10:00:00Z",
    });
    expect(entries[1]).not.toHaveProperty("category");
  });

  it("is refused by the readers when the feed does not name itself", () => {
    expect(() =>
      readRss(rssXml(FEED, "https://example.com/other"), "https://example.com/feed.xml"),
    ).toThrow(/self/);
    expect(() =>
      readAtom(atomXml(FEED, "https://example.com/other"), "https://example.com/feed.atom"),
    ).toThrow(/self/);
  });
});
