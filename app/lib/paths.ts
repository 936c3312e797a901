import { UNCATEGORIZED_SEGMENT } from "./constants";
import { slugify } from "./slug";

export const BROWSE_PATH = "/ai-tools";

export function categoryPath(category: string): string {
  return `${BROWSE_PATH}/${slugify(category)}`;
}

export function subCategoryPath(category: string, subCategory: string): string {
  return `${categoryPath(category)}/${slugify(subCategory)}`;
}

/** The canonical URL of a tool page (spec 2 routes). */
export function toolPath(tool: {
  slug: string;
  category: string | null;
  subCategory: string | null;
}): string {
  if (!tool.category) return `${BROWSE_PATH}/${UNCATEGORIZED_SEGMENT}/${tool.slug}`;
  if (!tool.subCategory) return `${categoryPath(tool.category)}/${tool.slug}`;
  return `${subCategoryPath(tool.category, tool.subCategory)}/${tool.slug}`;
}

/** /ai-tools with query parameters; search is URL-encoded (spec 2). */
export function browseUrl(params: { category?: string; subcategory?: string; search?: string }) {
  const query = new URLSearchParams();
  if (params.category) query.set("category", params.category);
  if (params.subcategory) query.set("subcategory", params.subcategory);
  if (params.search) query.set("search", params.search);
  const text = query.toString();
  return text ? `${BROWSE_PATH}?${text}` : BROWSE_PATH;
}
