// spec 8: the texts people see when something is empty or goes wrong.

export const VIEW_FAILED = "Failed to record view. Proceeding to tool page.";
export const NO_FILTER_RESULTS = "No tools match your filters";
export const NO_SUBCATEGORIES = "No subcategories found.";

export function noSearchResults(query: string): string {
  return `No tools found for "${query}"`;
}
