import { UNCATEGORIZED_SEGMENT } from "./constants";
import { slugify } from "./slug";

export const BROWSE_PATH = "/ai-tools";
/** The form that mails a request for implementation support to the operator. */
export const SUPPORT_PATH = "/implementation-support";

// What search engines, feed readers and language models read.
export const SITEMAP_PATH = "/sitemap.xml";
export const ROBOTS_PATH = "/robots.txt";
export const RSS_FEED_PATH = "/feed.xml";
export const ATOM_FEED_PATH = "/feed.atom";
export const LLMS_TEXT_PATH = "/llms.txt";

export function categoryPath(category: string): string {
  return `${BROWSE_PATH}/${slugify(category)}`;
}

export function subCategoryPath(category: string, subCategory: string): string {
  return `${categoryPath(category)}/${slugify(subCategory)}`;
}

/** The canonical URL of a tool page. */
export function toolPath(tool: {
  slug: string;
  category: string | null;
  subCategory: string | null;
}): string {
  if (!tool.category) return `${BROWSE_PATH}/${UNCATEGORIZED_SEGMENT}/${tool.slug}`;
  if (!tool.subCategory) return `${categoryPath(tool.category)}/${tool.slug}`;
  return `${subCategoryPath(tool.category, tool.subCategory)}/${tool.slug}`;
}

/**
 * Where a featured or compact card leads: its tool page, or the home page when
 * the card's data is incomplete (featured tools need a category and a name).
 */
export function featuredToolHref(tool: {
  slug: string;
  name: string;
  category: string | null;
  subCategory: string | null;
}): string {
  return tool.name && tool.category && tool.slug ? toolPath(tool) : "/";
}

/** /ai-tools with query parameters; search is URL-encoded. */
export function browseUrl(params: { category?: string; subcategory?: string; search?: string }) {
  const query = new URLSearchParams();
  if (params.category) query.set("category", params.category);
  if (params.subcategory) query.set("subcategory", params.subcategory);
  if (params.search) query.set("search", params.search);
  const text = query.toString();
  return text ? `${BROWSE_PATH}?${text}` : BROWSE_PATH;
}

/** Home, AI Tools, category, subcategory if any, tool name. */
export function toolBreadcrumbs(tool: {
  name: string;
  category: string | null;
  subCategory: string | null;
}): { label: string; href?: string }[] {
  return [
    { label: "Home", href: "/" },
    { label: "AI Tools", href: BROWSE_PATH },
    ...(tool.category ? [{ label: tool.category, href: categoryPath(tool.category) }] : []),
    ...(tool.category && tool.subCategory
      ? [{ label: tool.subCategory, href: subCategoryPath(tool.category, tool.subCategory) }]
      : []),
    { label: tool.name },
  ];
}
