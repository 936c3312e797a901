import type { ToolCard } from "~/lib/tool";
import type { CatalogueSnapshot } from "#server/snapshot/snapshot.server";

const RELATED_LIMIT = 4;

/**
 * Other tools for the same job, for the tool page: the most liked of its subcategory, or of its
 * category when it has no subcategory (or too few neighbours there). One walk down the most-liked
 * order, which stops as soon as the subcategory has given enough.
 */
export function findRelatedTools(snapshot: CatalogueSnapshot, toolId: string): ToolCard[] {
  const tool = snapshot.byId.get(toolId);
  if (!tool?.category) return [];
  const sameSubcategory: ToolCard[] = [];
  const sameCategory: ToolCard[] = [];
  for (const other of snapshot.sorted["Most Liked"]) {
    if (other.id === toolId || other.category !== tool.category) continue;
    if (tool.subCategory && other.subCategory === tool.subCategory) {
      sameSubcategory.push(other);
      if (sameSubcategory.length === RELATED_LIMIT) break;
    } else if (sameCategory.length < RELATED_LIMIT) {
      sameCategory.push(other);
    }
  }
  return [...sameSubcategory, ...sameCategory].slice(0, RELATED_LIMIT);
}
