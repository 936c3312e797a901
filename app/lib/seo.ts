import type { MetaDescriptor } from "react-router";
import { ALL_CATEGORIES } from "./constants";
import { ATOM_FEED_PATH, BROWSE_PATH, categoryPath, RSS_FEED_PATH, subCategoryPath } from "./paths";
import type { ToolPageDetail } from "./tool";

export const SITE_NAME = "Business AI Tools Directory";

export function pageTitle(title: string): string {
  return `${title} | ${SITE_NAME}`;
}

/** The tool page's title and description, from its SEO fields with sensible fallbacks. */
export function toolMeta(tool: ToolPageDetail): { title: string; description: string } {
  return {
    title: tool.seo.titleTag || pageTitle(`${tool.name}: features, pricing and reviews`),
    description: tool.seo.metaDescription || tool.metaDescription || tool.cardDescription,
  };
}

/** The title and description a listing page's head tags carry. */
export interface ListingHead {
  title: string;
  description: string;
}

/** /ai-tools: every tool of every category. */
export const BROWSE_HEAD: ListingHead = {
  title: "AI Tools for Business Growth",
  description:
    "Search, filter and compare AI tools for every part of your business, from marketing and sales to finance and operations.",
};

interface Counted {
  name: string;
  count: number;
}

export function categoryListingHead(category: Counted): ListingHead {
  return {
    title: `${category.name} AI Tools`,
    description: `Compare ${category.count.toLocaleString("en-US")} AI tools in ${category.name}: features, pricing and ratings side by side.`,
  };
}

export function subCategoryListingHead(category: { name: string }, sub: Counted): ListingHead {
  return {
    title: `${sub.name} AI Tools`,
    description: `${sub.count.toLocaleString("en-US")} AI tools for ${sub.name} in ${category.name}, compared on features, pricing and ratings.`,
  };
}

/**
 * The head of the listing at a canonical path: a filtered view names itself as the
 * listing its canonical link points to, so its title and Open Graph title agree with that page's.
 */
export function listingHeadAt(
  path: string,
  taxonomy: readonly (Counted & { subcategories: readonly Counted[] })[],
): ListingHead {
  for (const category of taxonomy) {
    if (categoryPath(category.name) === path) return categoryListingHead(category);
    for (const sub of category.subcategories) {
      if (subCategoryPath(category.name, sub.name) === path) {
        return subCategoryListingHead(category, sub);
      }
    }
  }
  return BROWSE_HEAD;
}

interface TaxonomyCategory {
  name: string;
  subcategories: readonly { name: string }[];
}

/**
 * The canonical path of a listing: a search, a sort, a pricing filter or a longer page
 * are views of one listing, so they point to its unfiltered form; a category or subcategory
 * filter is a listing of its own and points to that page. Several subcategories point to their
 * category when they share one. Reads the query the loader used (never the asked URL), so a page
 * rendered at its render-cache key names the same canonical as the URL that was asked for.
 */
export function listingCanonicalPath(
  query: { category: string; subcategory: readonly string[] },
  taxonomy: readonly TaxonomyCategory[],
): string {
  const isAll = query.category === ALL_CATEGORIES;
  const chosen = new Set(query.subcategory);
  const matches = taxonomy
    .filter((category) => isAll || category.name === query.category)
    .flatMap((category) =>
      category.subcategories
        .filter((sub) => chosen.has(sub.name))
        .map((sub) => ({ category: category.name, subCategory: sub.name })),
    );
  const [only] = matches;
  if (matches.length === 1 && only) return subCategoryPath(only.category, only.subCategory);
  if (!isAll) return categoryPath(query.category);
  const categories = new Set(matches.map((match) => match.category));
  const [shared] = categories;
  return categories.size === 1 && shared ? categoryPath(shared) : BROWSE_PATH;
}

/** An absolute URL on the site, for canonical links and structured data. */
export function absoluteUrl(path: string, appUrl: string): string {
  return new URL(path, appUrl).href;
}

/** The feeds' <link rel="alternate"> tags, for the home and browse pages. */
export function feedLinks(): MetaDescriptor[] {
  return [
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      href: RSS_FEED_PATH,
      title: `${SITE_NAME}: newest AI tools (RSS)`,
    },
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      href: ATOM_FEED_PATH,
      title: `${SITE_NAME}: newest AI tools (Atom)`,
    },
  ];
}

export function canonicalLink(href: string): MetaDescriptor {
  return { tagName: "link", rel: "canonical", href };
}

/** The canonical link of a page whose loader names its URL; none while the loader has not run. */
export function canonicalOf(loaderData: { canonicalUrl: string } | undefined): MetaDescriptor[] {
  return loaderData ? [canonicalLink(loaderData.canonicalUrl)] : [];
}
