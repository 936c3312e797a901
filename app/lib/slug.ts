// Lower-cased, trimmed, spaces to hyphens, non-word characters dropped, repeated hyphens
// collapsed, leading and trailing hyphens stripped.
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]+/g, "")
    .replace(/--+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * A new tool's slug before de-duplication. A "vs" word becomes "versus": compare addresses join
 * slugs with "-vs-", and a slug with "vs" in it could make one address name two sets.
 */
export function toolSlugOf(name: string): string {
  return slugify(name)
    .split("-")
    .map((word) => (word === "vs" ? "versus" : word))
    .join("-");
}

/**
 * A slug for a new tool that collides with no slug in `taken` (other tools, and the category and
 * subcategory slugs its URL could be confused with). Duplicates get -2, -3, ...
 */
export function uniqueSlug(name: string, taken: ReadonlySet<string>): string {
  const base = toolSlugOf(name) || "tool";
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
