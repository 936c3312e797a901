import { toolPath } from "~/lib/paths";
import { slugify } from "~/lib/slug";
import type { MatchedThreadSample } from "~/lib/comment-import";
import type { ExportThread } from "./export-records.server";

export interface MatchableTool {
  id: string;
  slug: string;
  name: string;
  category: string | null;
  subCategory: string | null;
}

export type MatchedBy = MatchedThreadSample["matchedBy"];

export interface ThreadMatch {
  tool: MatchableTool;
  matchedBy: MatchedBy;
}

/** A mapping file's entries: thread link, path or id (as `mappingKeysOf` writes them) → tool id or slug. */
export type ThreadMapping = ReadonlyMap<string, string>;

/** Page suffixes old sites put on a slug (`/tools/jasper.html`). */
const PAGE_SUFFIX = /\.(html?|php|aspx?)$/;

/**
 * The path of a thread's link as matching compares it: any domain, scheme or `www.`, the query and
 * fragment dropped, percent-escapes decoded, lower case, no trailing slash or page suffix. A bare
 * path ("/tools/jasper") is read the same way; null when the link has no path to compare.
 */
export function linkPathOf(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim(), "http://old-site.invalid");
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape: compare the path as written.
  }
  path = path.toLowerCase().replace(/\/+$/, "").replace(PAGE_SUFFIX, "");
  return path === "" ? null : path;
}

/** The keys a mapping entry may use for a thread: its link's path, its identifier, its key. */
export function mappingKeysOf(thread: Pick<ExportThread, "link" | "identifier" | "key">): string[] {
  const keys: string[] = [];
  const path = thread.link ? linkPathOf(thread.link) : null;
  if (path) keys.push(`path:${path}`);
  if (thread.identifier) keys.push(`id:${thread.identifier}`);
  if (thread.key) keys.push(`id:${thread.key}`);
  return keys;
}

/** A mapping file's thread column as a key: a link or path by its path, anything else as an id. */
export function mappingKeyOf(thread: string): string {
  const value = thread.trim();
  if (/^(https?:)?\/\//i.test(value) || value.startsWith("/")) {
    const path = linkPathOf(value);
    if (path) return `path:${path}`;
  }
  return `id:${value}`;
}

/**
 * Thread → tool, in order: the link's path (a tool's current path, a moved path under
 * /ai-tools, a /tool/... alias, or an old path whose last segment is a tool's slug or its name's
 * slug), then the thread's identifier equal to a tool's id or slug, then the mapping file. JSON
 * threads that name a tool outright (toolId, slug) are matched by that first.
 */
export function createThreadMatcher(tools: readonly MatchableTool[], mapping?: ThreadMapping) {
  const byId = new Map<string, MatchableTool>();
  const bySlug = new Map<string, MatchableTool>();
  const byNameSlug = new Map<string, MatchableTool>();
  const byPath = new Map<string, MatchableTool>();
  for (const tool of tools) {
    byId.set(tool.id, tool);
    bySlug.set(tool.slug, tool);
    byPath.set(toolPath(tool).toLowerCase(), tool);
  }
  for (const tool of tools) {
    const nameSlug = slugify(tool.name);
    if (nameSlug && !bySlug.has(nameSlug) && !byNameSlug.has(nameSlug)) {
      byNameSlug.set(nameSlug, tool);
    }
  }
  const slugNamed = (segment: string) =>
    bySlug.get(segment) ?? bySlug.get(slugify(segment)) ?? byNameSlug.get(slugify(segment));
  const idOrSlug = (value: string) => byId.get(value) ?? bySlug.get(value.toLowerCase()) ?? null;

  function matchLink(link: string): ThreadMatch | null {
    const path = linkPathOf(link);
    if (!path) return null;
    const exact = byPath.get(path);
    if (exact) return { tool: exact, matchedBy: "path" };
    const segments = path.split("/").filter(Boolean);
    const last = segments.at(-1);
    if (!last) return null;
    if (segments[0] === "ai-tools" && segments.length >= 3) {
      const moved = bySlug.get(last);
      if (moved) return { tool: moved, matchedBy: "path" };
    }
    if ((segments[0] === "tool" || segments[0] === "tools") && segments.length >= 2) {
      const alias = slugNamed(last);
      if (alias) return { tool: alias, matchedBy: "alias" };
    }
    const old = slugNamed(last);
    return old ? { tool: old, matchedBy: "old-slug" } : null;
  }

  return function matchThread(
    thread: Pick<ExportThread, "link" | "identifier" | "key" | "toolId" | "slug">,
  ): ThreadMatch | null {
    if (thread.toolId) {
      const tool = byId.get(thread.toolId);
      if (tool) return { tool, matchedBy: "tool-id" };
    }
    if (thread.slug) {
      const tool = bySlug.get(thread.slug.toLowerCase());
      if (tool) return { tool, matchedBy: "slug" };
    }
    const byLink = thread.link ? matchLink(thread.link) : null;
    if (byLink) return byLink;
    if (thread.identifier) {
      const tool = idOrSlug(thread.identifier.trim());
      if (tool) return { tool, matchedBy: "id" };
    }
    if (mapping) {
      for (const key of mappingKeysOf(thread)) {
        const target = mapping.get(key);
        const tool = target ? idOrSlug(target) : null;
        if (tool) return { tool, matchedBy: "mapping" };
      }
    }
    return null;
  };
}
