import type { CatalogueSnapshot } from "#server/snapshot/snapshot.server";
import type { OncePerWindow } from "../count-once.server";
import type { ViewCounter } from "./view-counter.server";

/**
 * incrementViews: one more view of an online tool, counted in memory and written within
 * VIEW_FLUSH_MS, unless `seen` already holds this client's view of the tool (once per client and
 * tool in its window). False when there is no such online tool.
 */
export function recordView(
  snapshot: CatalogueSnapshot,
  views: ViewCounter,
  seen: OncePerWindow,
  toolId: string,
  clientKey: string,
) {
  if (!snapshot.byId.has(toolId)) return false;
  if (seen.isFirst(`${clientKey}\n${toolId}`)) views.add(toolId);
  return true;
}
