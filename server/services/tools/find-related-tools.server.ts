import type { ToolCard } from "~/lib/tool";
import type { CatalogueSnapshot } from "../../snapshot/snapshot.server";

const RELATED_LIMIT = 4;

/**
 * Other tools for the same job, for the tool page: the most liked of its subcategory, or of its
 * category when it has no subcategory (or too few neighbours there).
 */
export function findRelatedTools(snapshot: CatalogueSnapshot, toolId: string): ToolCard[] {
  const tool = snapshot.byId.get(toolId);
  if (!tool?.category) return [];
  const others = snapshot.sorted["Most Liked"].filter((other) => other.id !== toolId);
  const sameSubcategory = tool.subCategory
    ? others.filter(
        (other) => other.category === tool.category && other.subCategory === tool.subCategory,
      )
    : [];
  const picked = new Set(sameSubcategory.slice(0, RELATED_LIMIT));
  for (const other of others) {
    if (picked.size >= RELATED_LIMIT) break;
    if (other.category === tool.category) picked.add(other);
  }
  return [...picked];
}
