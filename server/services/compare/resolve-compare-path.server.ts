import { comparePath, canonicalCompareOrder, type ComparedTool } from "~/lib/compare";
import { MAX_COMPARE_PATH_LENGTH, readComparePath, readUnlistedSlugs } from "~/lib/compare-path";
import { toolPath } from "~/lib/paths";
import type { CatalogueSnapshot } from "#server/snapshot/snapshot.server";

/** What a compare address answers. */
export type ComparePage =
  /** 404: not an address of online tools. */
  | { kind: "not-found" }
  /** 404: an address naming tools no longer listed (or never), beside the online ones it names. */
  | { kind: "not-listed"; unlisted: string[]; listed: ListedTool[] }
  /** 400: more tools than a comparison holds. */
  | { kind: "too-many" }
  /** 400: a tool named twice among others; `path` compares each once. */
  | { kind: "repeated"; path: string }
  /** 301: one tool (a-vs-a, or a lone slug) to its page; the tools in another order or in capitals. */
  | { kind: "moved"; to: string }
  /** 200: the comparison at its canonical address. */
  | { kind: "comparison"; slugs: string[] };

/** An online tool a compare address names, with its page. */
export type ListedTool = ComparedTool & { path: string };

/** Reads the part of a compare address after "/compare/" against the online tools. */
export function resolveComparePath(snapshot: CatalogueSnapshot, rest: string): ComparePage {
  // Slugs are lower-case: an address typed in capitals goes where its lower case does,
  // in one hop.
  const lowerCase = rest.toLowerCase();
  if (lowerCase !== rest && rest.length <= MAX_COMPARE_PATH_LENGTH) {
    const page = resolveComparePath(snapshot, lowerCase);
    return page.kind === "comparison" ? { kind: "moved", to: comparePath(page.slugs) } : page;
  }
  const reading = readComparePath(rest, (slug) => snapshot.bySlug.has(slug));
  switch (reading.kind) {
    case "malformed": {
      const found = readUnlistedSlugs(rest, (slug) => snapshot.bySlug.has(slug));
      if (!found) return { kind: "not-found" };
      const listed = [...new Set(found.known)].map((slug) => {
        const tool = snapshot.bySlug.get(slug)!;
        return { id: tool.id, slug, name: tool.name, path: toolPath(tool) };
      });
      return { kind: "not-listed", unlisted: found.unlisted, listed };
    }
    case "too-many":
      return { kind: "too-many" };
    case "one-tool": {
      const tool = snapshot.bySlug.get(reading.slug);
      return tool ? { kind: "moved", to: toolPath(tool) } : { kind: "not-found" };
    }
    case "tools": {
      const unique = [...new Set(reading.slugs)];
      if (unique.length < reading.slugs.length)
        return { kind: "repeated", path: comparePath(unique) };
      const canonical = canonicalCompareOrder(unique);
      return canonical.every((slug, position) => slug === reading.slugs[position])
        ? { kind: "comparison", slugs: canonical }
        : { kind: "moved", to: comparePath(canonical) };
    }
  }
}
