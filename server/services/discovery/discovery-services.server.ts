import type { Database } from "#server/db/client.server";
import type { SnapshotKeeper } from "#server/snapshot/snapshot-keeper.server";
import { buildFeeds, FEED_SIZE } from "./build-feeds.server";
import { buildLlmsText } from "./build-llms-text.server";
import { buildSitemap, MAX_SITEMAP_URLS } from "./build-sitemap.server";
import { oncePerRevision } from "./once-per-revision.server";
import { readCatalogueRemovals, readToolUpdates } from "./read-tool-updates.server";

/** The sitemap, the feeds and llms.txt, always of the current catalogue. */
export function createDiscoveryServices({
  db,
  snapshotKeeper,
  appUrl,
  sitemapChunkSize = MAX_SITEMAP_URLS,
}: {
  db: Database;
  snapshotKeeper: SnapshotKeeper;
  appUrl: string;
  sitemapChunkSize?: number;
}) {
  return {
    getSitemap: oncePerRevision(snapshotKeeper, async (snapshot, isCurrent) => {
      const [updatedAt, removals] = await Promise.all([
        readToolUpdates(db),
        readCatalogueRemovals(db),
      ]);
      return buildSitemap({
        snapshot,
        updatedAt,
        removals,
        appUrl,
        chunkSize: sitemapChunkSize,
        isCurrent,
      });
    }),
    getFeeds: oncePerRevision(snapshotKeeper, async (snapshot) => {
      const newest = snapshot.sorted.Newest.slice(0, FEED_SIZE);
      const [updatedAt, removals] = await Promise.all([
        readToolUpdates(
          db,
          newest.map((tool) => tool.id),
        ),
        readCatalogueRemovals(db),
      ]);
      return buildFeeds({ snapshot, updatedAt, removedAt: removals.newest, appUrl });
    }),
    /** Lists the top tools, which likes reorder between revisions: built on each request. */
    getLlmsText: () => buildLlmsText(snapshotKeeper.snapshot, appUrl),
  };
}
