// spec 8: the texts people see when something is empty or goes wrong.

export const VIEW_FAILED = "Failed to record view. Proceeding to tool page.";
export const NO_FILTER_RESULTS = "No tools match your filters";
export const NO_SUBCATEGORIES = "No subcategories found.";
export const NO_TOP_TOOLS = "No top tools found";
export const TOP_TOOLS_FALLBACK = "Showing recently added tools (likes data unavailable)";

export function noSearchResults(query: string): string {
  return `No tools found for "${query}"`;
}
