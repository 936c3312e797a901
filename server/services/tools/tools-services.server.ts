import type { Catalogue } from "../../catalogue/catalogue.server";
import type { Database } from "../../db/client.server";
import { DEMO_FEATURED_TOOL_IDS } from "../../seed/demo-catalogue.server";
import type { ToolQuery } from "~/lib/tool-query";
import { findRelatedTools } from "./find-related-tools.server";
import { findTools } from "./find-tools.server";
import { getHomeData } from "./get-home-data.server";
import { getListing } from "./get-listing.server";
import { getToolDetail } from "./get-tool-detail.server";
import { getToolPage } from "./get-tool-page.server";
import { recordView } from "./record-view.server";
import { resolveCataloguePath } from "./resolve-catalogue-path.server";
import { resolveToolAlias } from "./resolve-tool-alias.server";
import type { ViewCounter } from "./view-counter.server";

/** Browsing the directory: the home page, listings, search, tool pages and their views. */
export function createToolsServices({
  db,
  catalogue,
  views,
  featuredIds,
}: {
  db: Database;
  catalogue: Catalogue;
  views: ViewCounter;
  /** The home page's featured tools (FEATURED_TOOL_IDS); the demo's when none are set. */
  featuredIds: readonly string[] | undefined;
}) {
  const featured = featuredIds ?? DEMO_FEATURED_TOOL_IDS;
  return {
    findTools: (query: ToolQuery) => findTools(catalogue.snapshot, query),
    getListing: (query: ToolQuery) => getListing(catalogue.snapshot, query),
    getHomeData: () => getHomeData(catalogue.snapshot, featured),
    getTaxonomy: () => catalogue.snapshot.taxonomy,
    resolveCataloguePath: (segments: readonly string[]) =>
      resolveCataloguePath(catalogue.snapshot, segments),
    getToolDetail: (id: string) => getToolDetail(db, id),
    getToolPage: (id: string) => getToolPage(db, id),
    findRelatedTools: (id: string) => findRelatedTools(catalogue.snapshot, id),
    resolveToolAlias: (segments: readonly string[]) =>
      resolveToolAlias(catalogue.snapshot, segments),
    recordView: (id: string) => recordView(catalogue.snapshot, views, id),
  };
}
