import type { MetaDescriptor } from "react-router";
import { absoluteUrl, canonicalLink, feedLinks, SITE_NAME } from "~/lib/seo";
import { socialMeta } from "~/lib/social-meta";

const TITLE = `${SITE_NAME} | Find and compare AI tools for business`;
const DESCRIPTION =
  "Compare 1000+ AI tools for marketing, sales, support, finance, HR and operations. Honest descriptions, real pricing, and a shortlist in minutes.";

/**
 * The home page's head tags, built by its loader: the page's JavaScript, which has a budget
 * (DESIGN.md 9), then carries none of the code that makes them.
 */
export function homeHead(appUrl: string): MetaDescriptor[] {
  const url = absoluteUrl("/", appUrl);
  return [
    { title: TITLE },
    { name: "description", content: DESCRIPTION },
    canonicalLink(url),
    ...socialMeta({ title: TITLE, description: DESCRIPTION, url, image: null }),
    ...feedLinks(),
  ];
}
