import { SITE_NAME } from "./seo";

// Open Graph and Twitter cards for any page: a tool page, a listing, a comparison.

interface SocialCard {
  title: string;
  description: string;
  /** The page's canonical URL. */
  url: string;
  /** An absolute image URL, or null for a card without one. */
  image: string | null;
}

export function socialMeta({ title, description, url, image }: SocialCard) {
  return [
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
  ];
}
