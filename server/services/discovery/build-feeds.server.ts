import { ATOM_FEED_PATH, RSS_FEED_PATH, toolPath } from "~/lib/paths";
import { SITE_NAME } from "~/lib/seo";
import type { CatalogueSnapshot } from "#server/snapshot/snapshot.server";
import { atomXml, rssXml, type Feed } from "./discovery-xml.server";
import { xmlFile, type XmlFile } from "./build-sitemap.server";

/** How many of the newest tools the feeds carry. */
export const FEED_SIZE = 50;

// The date part of the feeds' tag: URIs (RFC 4151). Fixed for ever: changing it would change
// every id and show every tool as new in feed readers.
const TAG_DATE = "2026";

/** The tag: URI that names a tool in the feeds: from the site's host and the tool's id. */
export function toolTagUri(appUrl: string, toolId: string): string {
  return `tag:${new URL(appUrl).hostname},${TAG_DATE}:tools/${toolId}`;
}

export interface Feeds {
  rss: XmlFile;
  atom: XmlFile;
}

/**
 * The newest FEED_SIZE online tools as RSS 2.0 and Atom 1.0: each with its card description,
 * category, creation time as published and updated_at (its createdAt when not known) as updated.
 * The feed's own update time is its newest item's, or `removedAt` (the newest removal of any
 * tool from the catalogue) when later: a tool that left may have been in the feed.
 */
export function buildFeeds({
  snapshot,
  updatedAt,
  appUrl,
  removedAt = new Date(0),
  size = FEED_SIZE,
}: {
  snapshot: CatalogueSnapshot;
  updatedAt: ReadonlyMap<string, Date>;
  appUrl: string;
  removedAt?: Date;
  size?: number;
}): Feeds {
  const origin = new URL(appUrl).origin;
  const items = snapshot.sorted.Newest.slice(0, size).map((tool) => {
    const published = new Date(tool.createdAt);
    return {
      id: toolTagUri(appUrl, tool.id),
      title: tool.name,
      url: `${origin}${toolPath(tool)}`,
      summary: tool.cardDescription,
      category: tool.category,
      published,
      updated: updatedAt.get(tool.id) ?? published,
    };
  });
  const feed: Feed = {
    id: `tag:${new URL(appUrl).hostname},${TAG_DATE}:feeds/newest`,
    title: `${SITE_NAME}: newest AI tools`,
    description: "The AI tools most recently added to the directory.",
    siteUrl: `${origin}/`,
    author: SITE_NAME,
    updated: items.reduce(
      (newest, item) => (item.updated > newest ? item.updated : newest),
      removedAt,
    ),
    items,
  };
  return {
    rss: xmlFile(rssXml(feed, `${origin}${RSS_FEED_PATH}`)),
    atom: xmlFile(atomXml(feed, `${origin}${ATOM_FEED_PATH}`)),
  };
}
