// The XML that search engines and feed readers read. Sitemaps follow the sitemaps.org
// protocol 0.9, feeds RSS 2.0 and Atom 1.0 (RFC 4287). Every text goes through escapeXml.

import { escapeXml } from "#server/core/xml-text.server";

export const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";
export const ATOM_NAMESPACE = "http://www.w3.org/2005/Atom";

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A W3C datetime in UTC to the second, as sitemaps and Atom write them. */
export function w3cDateTime(time: Date): string {
  return `${time.toISOString().slice(0, 19)}Z`;
}

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  lastmod?: Date;
}

function locations(element: "url" | "sitemap", entries: readonly SitemapEntry[]): string {
  let body = "";
  for (const { loc, lastmod } of entries) {
    body += `<${element}><loc>${escapeXml(loc)}</loc>`;
    if (lastmod) body += `<lastmod>${w3cDateTime(lastmod)}</lastmod>`;
    body += `</${element}>\n`;
  }
  return body;
}

/** A sitemap: a <urlset> of pages. */
export function urlSetXml(entries: readonly SitemapEntry[]): string {
  return `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NAMESPACE}">\n${locations("url", entries)}</urlset>\n`;
}

/** A sitemap index: a <sitemapindex> of sitemaps. */
export function sitemapIndexXml(entries: readonly SitemapEntry[]): string {
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${locations("sitemap", entries)}</sitemapindex>\n`;
}

export interface FeedItem {
  /** Never changes for this item: a tag: URI. */
  id: string;
  title: string;
  /** Absolute URL of the item's page. */
  url: string;
  summary: string;
  category: string | null;
  published: Date;
  updated: Date;
}

export interface Feed {
  /** Never changes for this feed: a tag: URI. */
  id: string;
  title: string;
  description: string;
  /** Absolute URL of the site's page the feed follows. */
  siteUrl: string;
  author: string;
  updated: Date;
  items: readonly FeedItem[];
}

/** The feed as RSS 2.0, naming itself at `selfUrl` with atom:link. */
export function rssXml(feed: Feed, selfUrl: string): string {
  let items = "";
  for (const item of feed.items) {
    items +=
      "<item>" +
      `<title>${escapeXml(item.title)}</title>` +
      `<link>${escapeXml(item.url)}</link>` +
      `<guid isPermaLink="false">${escapeXml(item.id)}</guid>` +
      `<description>${escapeXml(item.summary)}</description>` +
      (item.category ? `<category>${escapeXml(item.category)}</category>` : "") +
      `<pubDate>${item.published.toUTCString()}</pubDate>` +
      "</item>\n";
  }
  return (
    `${XML_DECLARATION}<rss version="2.0" xmlns:atom="${ATOM_NAMESPACE}">\n<channel>\n` +
    `<title>${escapeXml(feed.title)}</title>\n` +
    `<link>${escapeXml(feed.siteUrl)}</link>\n` +
    `<description>${escapeXml(feed.description)}</description>\n` +
    "<language>en</language>\n" +
    `<lastBuildDate>${feed.updated.toUTCString()}</lastBuildDate>\n` +
    `<atom:link href="${escapeXml(selfUrl)}" rel="self" type="application/rss+xml"/>\n` +
    `${items}</channel>\n</rss>\n`
  );
}

/** The feed as Atom 1.0, naming itself at `selfUrl`. */
export function atomXml(feed: Feed, selfUrl: string): string {
  let entries = "";
  for (const item of feed.items) {
    entries +=
      "<entry>" +
      `<id>${escapeXml(item.id)}</id>` +
      `<title>${escapeXml(item.title)}</title>` +
      `<link rel="alternate" href="${escapeXml(item.url)}"/>` +
      `<summary>${escapeXml(item.summary)}</summary>` +
      (item.category ? `<category term="${escapeXml(item.category)}"/>` : "") +
      `<published>${w3cDateTime(item.published)}</published>` +
      `<updated>${w3cDateTime(item.updated)}</updated>` +
      "</entry>\n";
  }
  return (
    `${XML_DECLARATION}<feed xmlns="${ATOM_NAMESPACE}">\n` +
    `<id>${escapeXml(feed.id)}</id>\n` +
    `<title>${escapeXml(feed.title)}</title>\n` +
    `<subtitle>${escapeXml(feed.description)}</subtitle>\n` +
    `<link rel="self" type="application/atom+xml" href="${escapeXml(selfUrl)}"/>\n` +
    `<link rel="alternate" type="text/html" href="${escapeXml(feed.siteUrl)}"/>\n` +
    `<author><name>${escapeXml(feed.author)}</name></author>\n` +
    `<updated>${w3cDateTime(feed.updated)}</updated>\n` +
    `${entries}</feed>\n`
  );
}
