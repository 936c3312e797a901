import { slugify } from "./slug";

/** spec 3: categoryStats/main, a categories map of count and subcategory counts. */
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

/** Counts online tools per category and subcategory; tools without a category are not counted. */
export function countCategories(
  tools: Iterable<{ category: string | null; subCategory: string | null }>,
): CategoryStats {
  const categories: CategoryStats["categories"] = {};
  for (const tool of tools) {
    if (!tool.category) continue;
    const entry = (categories[tool.category] ??= { count: 0, subcategories: {} });
    entry.count++;
    if (tool.subCategory) {
      entry.subcategories[tool.subCategory] = (entry.subcategories[tool.subCategory] ?? 0) + 1;
    }
  }
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
