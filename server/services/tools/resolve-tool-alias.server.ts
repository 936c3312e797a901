import { slugify } from "~/lib/slug";
import type { ToolCard } from "~/lib/tool";
import type { CatalogueSnapshot } from "#server/snapshot/snapshot.server";

/**
 * Featured cards' keyboard activation goes to /tool/... paths, which are no routes of
 * their own. The last segment names the tool, by slug or by name; the caller redirects to the
 * tool's one address.
 */
export function resolveToolAlias(
  snapshot: CatalogueSnapshot,
  segments: readonly string[],
): ToolCard | null {
  const last = segments.filter(Boolean).at(-1);
  if (!last) return null;
  const slug = slugify(last);
  return snapshot.bySlug.get(slug) ?? snapshot.byNameSlug.get(slug) ?? null;
}
