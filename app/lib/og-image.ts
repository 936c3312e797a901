import { canonicalCompareOrder, COMPARE_SEPARATOR } from "./compare";

// The generated Open Graph images (1200 x 630 PNG, made with sharp and cached on the
// server). The version in the address changes when a tool does, so a shared link's preview is
// never stale and the image itself can be cached for a long time.

export const OG_IMAGE_PATH = "/og";
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

interface Versioned {
  slug: string;
  /** ISO time of the tool's last change. */
  updatedAt: string;
}

/** The `v` of an image's address: the latest change among its tools, in base 36. */
export const versionOf = (tools: readonly Pick<Versioned, "updatedAt">[]): string =>
  Math.max(...tools.map((tool) => Date.parse(tool.updatedAt) || 0)).toString(36);

/** /og/tools/{slug}.png?v=… */
export function toolOgImagePath(tool: Versioned): string {
  return `${OG_IMAGE_PATH}/tools/${tool.slug}.png?v=${versionOf([tool])}`;
}

/** /og/compare/{a}-vs-{b}[-vs-...].png?v=…, slugs in the canonical order. */
export function compareOgImagePath(tools: readonly Versioned[]): string {
  const slugs = canonicalCompareOrder(tools.map((tool) => tool.slug));
  return `${OG_IMAGE_PATH}/compare/${slugs.join(COMPARE_SEPARATOR)}.png?v=${versionOf(tools)}`;
}
