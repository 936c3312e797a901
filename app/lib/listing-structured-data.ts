import type { MetaDescriptor } from "react-router";
import { toolPath } from "./paths";
import { canonicalLink, feedLinks, pageTitle, type ListingHead } from "./seo";
import { socialMeta } from "./social-meta";

// A listing page as search engines read it: schema.org ItemList of the cards the page
// shows, in the order it shows them.

interface ListedTool {
  slug: string;
  name: string;
  category: string | null;
  subCategory: string | null;
}

/** ItemList JSON-LD; each ListItem's url is the tool page's absolute URL, positions from 1. */
export function listingJsonLd(tools: readonly ListedTool[], pageUrl: string, name: string) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    url: pageUrl,
    numberOfItems: tools.length,
    itemListElement: tools.map((tool, index) => ({
      "@type": "ListItem",
      position: index + 1,
      url: new URL(toolPath(tool), pageUrl).href,
      name: tool.name,
    })),
  };
}

/**
 * Every head tag of a listing page: title, description (of the listing its canonical link names),
 * canonical link, Open Graph and Twitter cards, the feeds, and the ItemList of its cards. A view
 * that shows no tool asks not to be indexed: an empty page is no answer to any search.
 */
export function listingMeta(listing: {
  head: ListingHead;
  canonicalUrl: string;
  tools: readonly ListedTool[];
  total: number;
}): MetaDescriptor[] {
  const { head, canonicalUrl, tools, total } = listing;
  const { title, description } = head;
  return [
    { title: pageTitle(title) },
    { name: "description", content: description },
    ...(total === 0 ? [{ name: "robots", content: "noindex" }] : []),
    canonicalLink(canonicalUrl),
    ...socialMeta({ title, description, url: canonicalUrl, image: null }),
    ...feedLinks(),
    { "script:ld+json": listingJsonLd(tools, canonicalUrl, title) },
  ];
}
