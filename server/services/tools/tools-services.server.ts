import type { SnapshotKeeper } from "#server/snapshot/snapshot-keeper.server";
import type { Database } from "#server/db/client.server";
import type { Logger } from "#server/core/logger.server";
import { DEMO_FEATURED_TOOL_IDS } from "#server/seed/demo-catalogue.server";
import type { ToolQuery } from "~/lib/tool-query";
import { findRelatedTools } from "./find-related-tools.server";
import { findTools } from "./find-tools.server";
import { getHomeData } from "./get-home-data.server";
import { getListing } from "./get-listing.server";
import { getToolDetail } from "./get-tool-detail.server";
import { getToolPage } from "./get-tool-page.server";
import { OncePerWindow, VIEW_REPEAT_WINDOW_MS } from "../count-once.server";
import { recordView } from "./record-view.server";
import { resolveCategoryPath } from "./resolve-category-path.server";
import { resolveToolAlias } from "./resolve-tool-alias.server";
import type { ViewCounter } from "./view-counter.server";

/**
 * Client-and-tool pairs remembered for the view window, about 15 MB at most: 120 views a minute
 * for 30 minutes fills it only from more than 25 busy clients, and an evicted pair counts again.
 */
const MAX_REMEMBERED_VIEWS = 100_000;

/** Browsing the directory: the home page, listings, search, tool pages and their views. */
export function createToolsServices({
  db,
  snapshotKeeper,
  views,
  featuredIds,
  logger,
}: {
  db: Database;
  snapshotKeeper: SnapshotKeeper;
  views: ViewCounter;
  /** The home page's featured tools (FEATURED_TOOL_IDS); the demo's when none are set. */
  featuredIds: readonly string[] | undefined;
  logger: Logger;
}) {
  const featured = featuredIds ?? DEMO_FEATURED_TOOL_IDS;
  const seenViews = new OncePerWindow(VIEW_REPEAT_WINDOW_MS, MAX_REMEMBERED_VIEWS);
  return {
    findTools: (query: ToolQuery) => findTools(snapshotKeeper.snapshot, query),
    getListing: (query: ToolQuery) => getListing(snapshotKeeper.snapshot, query),
    getHomeData: () => getHomeData(snapshotKeeper.snapshot, featured),
    getTaxonomy: () => snapshotKeeper.snapshot.taxonomy,
    resolveCategoryPath: (segments: readonly string[]) =>
      resolveCategoryPath(snapshotKeeper.snapshot, segments),
    getToolDetail: (id: string) => getToolDetail(db, id),
    getToolPage: (id: string) => getToolPage(db, id, logger),
    findRelatedTools: (id: string) => findRelatedTools(snapshotKeeper.snapshot, id),
    resolveToolAlias: (segments: readonly string[]) =>
      resolveToolAlias(snapshotKeeper.snapshot, segments),
    /** `clientKey`: what the rate limits count the client by (addressKeyOf). */
    recordView: (id: string, clientKey: string) =>
      recordView(snapshotKeeper.snapshot, views, seenViews, id, clientKey),
  };
}
