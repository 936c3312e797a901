import { slugify } from "./slug";

/** categoryStats, the main page's statistics: a categories map of count and subcategory counts. */
export interface CategoryStats {
  categories: Record<string, { count: number; subcategories: Record<string, number> }>;
}

export interface TaxonomyEntry {
  name: string;
  slug: string;
  count: number;
}

export interface CategoryEntry extends TaxonomyEntry {
  subcategories: TaxonomyEntry[];
}

// Category names are admin and import text: "constructor" or "__proto__" must count like any
// other name, so the maps have no prototype to collide with.
const emptyMap = <T>(): Record<string, T> => Object.create(null);

/** Counts online tools per category and subcategory; tools without a category are not counted. */
export function countCategories(
  tools: Iterable<{ category: string | null; subCategory: string | null }>,
): CategoryStats {
  const categories: CategoryStats["categories"] = emptyMap();
  for (const tool of tools) {
    if (!tool.category) continue;
    const entry = (categories[tool.category] ??= { count: 0, subcategories: emptyMap() });
    entry.count++;
    if (tool.subCategory) {
      entry.subcategories[tool.subCategory] = (entry.subcategories[tool.subCategory] ?? 0) + 1;
    }
  }
  return { categories };
}

type Categorised = { category: string | null; subCategory: string | null };

/**
 * The statistics after some tools left and others joined: what countCategories of the new list
 * gives, without counting the rest again. `stats` is left as it was; the categories that did not
 * change are shared with it.
 */
export function withCategoryChanges(
  stats: CategoryStats,
  left: Iterable<Categorised>,
  joined: Iterable<Categorised>,
): CategoryStats {
  const categories = Object.assign(
    emptyMap<CategoryStats["categories"][string]>(),
    stats.categories,
  );
  const copied = new Set<string>();
  const add = (tool: Categorised, step: 1 | -1) => {
    if (!tool.category) return;
    if (!copied.has(tool.category)) {
      copied.add(tool.category);
      const entry = categories[tool.category];
      categories[tool.category] = {
        count: entry?.count ?? 0,
        subcategories: Object.assign(emptyMap<number>(), entry?.subcategories),
      };
    }
    const entry = categories[tool.category]!;
    entry.count += step;
    if (tool.subCategory) {
      entry.subcategories[tool.subCategory] = (entry.subcategories[tool.subCategory] ?? 0) + step;
      if (entry.subcategories[tool.subCategory] === 0) delete entry.subcategories[tool.subCategory];
    }
  };
  for (const tool of left) add(tool, -1);
  for (const tool of joined) add(tool, 1);
  for (const name of copied) if (categories[name]!.count === 0) delete categories[name];
  return { categories };
}

const byCountThenName = (a: TaxonomyEntry, b: TaxonomyEntry) =>
  b.count - a.count || a.name.localeCompare(b.name);

/** The statistics as ordered lists, largest first, with the slugs the routes use. */
export function toTaxonomy(stats: CategoryStats): CategoryEntry[] {
  return Object.entries(stats.categories)
    .map(([name, entry]) => ({
      name,
      slug: slugify(name),
      count: entry.count,
      subcategories: Object.entries(entry.subcategories)
        .map(([subName, count]) => ({ name: subName, slug: slugify(subName), count }))
        .sort(byCountThenName),
    }))
    .sort(byCountThenName);
}
