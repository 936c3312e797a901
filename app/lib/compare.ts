// Comparing tools side by side. Zod-free: the tray and the toggles on every public page
// import these values.

export const COMPARE_PATH = "/compare";
/** Between two slugs in a compare address: /compare/{a}-vs-{b}[-vs-...]. */
export const COMPARE_SEPARATOR = "-vs-";
/** A comparison holds 2 to 4 tools. */
export const MIN_COMPARED_TOOLS = 2;
export const MAX_COMPARED_TOOLS = 4;
/** How many closest alternatives a tool page offers under "Compare with". */
export const COMPARE_ALTERNATIVES = 3;
/** How many of a tool's closest alternatives the sitemap lists comparisons with. */
export const SITEMAP_COMPARE_ALTERNATIVES = 2;
/** Where the browser keeps the tray between pages (localStorage). */
export const COMPARE_STORAGE_KEY = "compareTools";

/** A tool as the tray holds it: enough to show it and to build the comparison's address. */
export interface ComparedTool {
  id: string;
  slug: string;
  name: string;
}

/** The slugs in the one canonical order every comparison's address uses (code-point order). */
export function canonicalCompareOrder(slugs: readonly string[]): string[] {
  return [...slugs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The canonical address of a comparison of these tools. */
export function comparePath(slugs: readonly string[]): string {
  return `${COMPARE_PATH}/${canonicalCompareOrder(slugs).join(COMPARE_SEPARATOR)}`;
}
