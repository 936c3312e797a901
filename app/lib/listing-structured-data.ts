import type { MetaDescriptor } from "react-router";
import { toolPath } from "./paths";
import { canonicalLink, feedLinks, pageTitle } from "./seo";
import { socialMeta } from "./social-meta";

// A listing page as search engines read it (issue 20): schema.org ItemList of the cards the page
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
 * Every head tag of a listing page: title, description, canonical link, Open Graph and Twitter
 * cards, the feeds, and the ItemList of its cards.
 */
export function listingMeta(listing: {
  title: string;
  description: string;
  canonicalUrl: string;
  tools: readonly ListedTool[];
}): MetaDescriptor[] {
  const { title, description, canonicalUrl, tools } = listing;
  return [
    { title: pageTitle(title) },
    { name: "description", content: description },
    canonicalLink(canonicalUrl),
    ...socialMeta({ title, description, url: canonicalUrl, image: null }),
    ...feedLinks(),
    { "script:ld+json": listingJsonLd(tools, canonicalUrl, title) },
  ];
}
