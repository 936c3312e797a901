import { UNCATEGORIZED_SEGMENT } from "~/lib/constants";
import type { CategoryEntry, TaxonomyEntry } from "~/lib/category-stats";
import { toolPath } from "~/lib/paths";
import type { ToolCard } from "~/lib/tool";
import type { CatalogueSnapshot } from "#server/snapshot/snapshot.server";

export type CategoryPathPage =
  | { kind: "category"; category: CategoryEntry }
  | { kind: "subcategory"; category: CategoryEntry; subCategory: TaxonomyEntry }
  | { kind: "tool"; tool: ToolCard }
  | { kind: "moved"; to: string }
  | { kind: "not-found" };

const NOT_FOUND = { kind: "not-found" } as const;

/** Where a tool slug that was reached at the wrong address lives, if it names a tool at all. */
function movedTool(snapshot: CatalogueSnapshot, slug: string | undefined): CategoryPathPage {
  const tool = slug ? snapshot.bySlug.get(slug) : undefined;
  return tool ? { kind: "moved", to: toolPath(tool) } : NOT_FOUND;
}

function toolAt(
  snapshot: CatalogueSnapshot,
  slug: string,
  categoryName: string | null,
  subCategoryName: string | null,
): CategoryPathPage {
  const tool = snapshot.bySlug.get(slug);
  if (tool && tool.category === categoryName && tool.subCategory === subCategoryName) {
    return { kind: "tool", tool };
  }
  // A tool reached under another category or subcategory (it moved, or a link was shortened)
  // goes to its one canonical address.
  return movedTool(snapshot, slug);
}

/**
 * What a path under /ai-tools shows. `/ai-tools/{category}/{x}` is a subcategory
 * listing when x is a subcategory of that category, and otherwise a tool without subcategory;
 * tool slugs never take a listing's slug (see uniqueSlug), so the two cannot collide. A tool
 * reached at any other address is "moved" to its canonical one.
 */
export function resolveCategoryPath(
  snapshot: CatalogueSnapshot,
  segments: readonly string[],
): CategoryPathPage {
  const [categorySlug, second, third, ...rest] = segments;
  if (!categorySlug || rest.length > 0) return NOT_FOUND;

  if (categorySlug === UNCATEGORIZED_SEGMENT) {
    return second && !third ? toolAt(snapshot, second, null, null) : NOT_FOUND;
  }
  const category = snapshot.taxonomy.find((entry) => entry.slug === categorySlug);
  if (!category) return movedTool(snapshot, third ?? second);
  if (!second) return { kind: "category", category };

  const subCategory = category.subcategories.find((entry) => entry.slug === second);
  if (third) {
    return subCategory
      ? toolAt(snapshot, third, category.name, subCategory.name)
      : movedTool(snapshot, third);
  }
  if (subCategory) return { kind: "subcategory", category, subCategory };
  return toolAt(snapshot, second, category.name, null);
}

/** Slugs a new tool must not take: every tool slug and every listing slug. */
export function reservedSlugs(
  taxonomy: readonly CategoryEntry[],
  existing: Iterable<string>,
): Set<string> {
  const taken = new Set(existing);
  taken.add(UNCATEGORIZED_SEGMENT);
  for (const category of taxonomy) {
    taken.add(category.slug);
    for (const sub of category.subcategories) taken.add(sub.slug);
  }
  return taken;
}
