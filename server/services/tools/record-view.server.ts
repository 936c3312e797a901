import type { CatalogueSnapshot } from "../../snapshot/snapshot.server";
import type { ViewCounter } from "./view-counter.server";

/**
 * spec 7 incrementViews: one more view of an online tool, counted in memory and written within
 * VIEW_FLUSH_MS. False when there is no such online tool.
 */
export function recordView(snapshot: CatalogueSnapshot, views: ViewCounter, toolId: string) {
  if (!snapshot.byId.has(toolId)) return false;
  views.add(toolId);
  return true;
}
