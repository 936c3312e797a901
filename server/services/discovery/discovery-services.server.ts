import type { Database } from "../../db/client.server";
import type { SnapshotKeeper } from "../../snapshot/snapshot-keeper.server";
import type { CatalogueSnapshot } from "../../snapshot/snapshot.server";
import { buildFeeds, FEED_SIZE } from "./build-feeds.server";
import { buildLlmsText } from "./build-llms-text.server";
import { buildSitemap, MAX_SITEMAP_URLS } from "./build-sitemap.server";
import { readToolUpdates } from "./read-tool-updates.server";

/**
 * What `build` gives for the catalogue as it is: built once per catalogue revision (a change of
 * any tool), and once only when requests arrive together while it is being built.
 */
function oncePerRevision<T>(
  keeper: SnapshotKeeper,
  build: (snapshot: CatalogueSnapshot) => Promise<T>,
): () => Promise<T> {
  let built: { revision: number; value: Promise<T> } | undefined;
  return () => {
    const revision = keeper.catalogueRevision;
    if (built?.revision !== revision) {
      const value = build(keeper.snapshot);
      const entry = { revision, value };
      built = entry;
      // A failed build (the database away) is tried again by the next request.
      value.catch(() => {
        if (built === entry) built = undefined;
      });
    }
    return built.value;
  };
}

/** The sitemap, the feeds and llms.txt (issue 20), always of the current catalogue. */
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
    getSitemap: oncePerRevision(snapshotKeeper, async (snapshot) =>
      buildSitemap({
        snapshot,
        updatedAt: await readToolUpdates(db),
        appUrl,
        chunkSize: sitemapChunkSize,
      }),
    ),
    getFeeds: oncePerRevision(snapshotKeeper, async (snapshot) => {
      const newest = snapshot.sorted.Newest.slice(0, FEED_SIZE);
      return buildFeeds({
        snapshot,
        updatedAt: await readToolUpdates(
          db,
          newest.map((tool) => tool.id),
        ),
        appUrl,
      });
    }),
    /** Lists the top tools, which likes reorder between revisions: built on each request. */
    getLlmsText: () => buildLlmsText(snapshotKeeper.snapshot, appUrl),
  };
}
