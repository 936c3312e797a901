import { createHash } from "node:crypto";
import { comparePath, SITEMAP_COMPARE_ALTERNATIVES } from "~/lib/compare";
import { BROWSE_PATH, categoryPath, subCategoryPath, toolPath } from "~/lib/paths";
import type { ToolCard } from "~/lib/tool";
import type { CatalogueSnapshot } from "#server/snapshot/snapshot.server";
import { findCompareAlternatives } from "../compare/find-compare-alternatives.server";
import { sitemapIndexXml, urlSetXml, type SitemapEntry } from "./discovery-xml.server";
import { supersededBuild } from "./once-per-revision.server";
import type { CatalogueRemovals } from "./read-tool-updates.server";

/** The protocol's limit of URLs in one sitemap file (sitemaps.org 0.9). */
export const MAX_SITEMAP_URLS = 50_000;
/** Where the index's sitemaps are: /sitemaps/1.xml, /sitemaps/2.xml, ... */
export const SITEMAP_CHUNKS_PATH = "/sitemaps";

export function sitemapChunkPath(number: number): string {
  return `${SITEMAP_CHUNKS_PATH}/${number}.xml`;
}

/**
 * At 100,000 tools a build takes seconds, mostly finding each tool's alternatives: it gives the
 * event loop back this often (in tools), so pages are served meanwhile.
 */
const TOOLS_PER_SLICE = 1_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const NO_REMOVALS: CatalogueRemovals = { byListing: new Map() };
const always = () => true;

/** Gives the event loop back; stops the build there when its catalogue revision moved on. */
async function yieldUnlessSuperseded(isCurrent: () => boolean) {
  await nextTurn();
  if (!isCurrent()) throw supersededBuild();
}

/** Public pages that hold no tools: listed without a lastmod, as nothing says when they changed. */
const PLAIN_PAGES = ["/newsletter", "/privacy-policy", "/terms-of-service", "/disclaimer"];

/**
 * A built XML file with an ETag of its bytes: weak, as the compression middleware may send it
 * gzipped, which is the same content in other bytes.
 */
export interface XmlFile {
  body: Buffer;
  etag: string;
}

export interface Sitemap {
  index: XmlFile;
  /** Chunk n (from 1) is chunks[n - 1]. */
  chunks: XmlFile[];
  urlCount: number;
}

export function xmlFile(text: string): XmlFile {
  const body = Buffer.from(text, "utf8");
  return { body, etag: `W/"${createHash("sha1").update(body).digest("base64url")}"` };
}

export interface SitemapBuildOptions {
  /** Tools that left the catalogue: the pages they left get the time as lastmod. */
  removals?: CatalogueRemovals;
  /** False once the build's catalogue revision moved on: the build stops at its next yield. */
  isCurrent?: () => boolean;
}

const later = (a: Date | undefined, b: Date | undefined) => (!a ? b : !b || a >= b ? a : b);

/**
 * Every page the sitemap lists, as paths with their lastmod: the home page and /ai-tools (the
 * newest change or removal of any tool), each category and subcategory listing (the newest change
 * of its tools or removal of one of them), the plain public pages, every online tool (its updated_at, its createdAt when the
 * database did not say) and the comparison of each tool with its closest alternatives (the newer
 * of the two), each pair once.
 */
export async function listSitemapPages(
  snapshot: CatalogueSnapshot,
  updatedAt: ReadonlyMap<string, Date>,
  { removals = NO_REMOVALS, isCurrent = always }: SitemapBuildOptions = {},
): Promise<{ path: string; lastmod?: Date }[]> {
  const changedAt = (tool: ToolCard) => updatedAt.get(tool.id) ?? new Date(tool.createdAt);
  let newest = removals.newest;
  const listingChanges = new Map(removals.byListing);
  const noteListing = (path: string, time: Date) =>
    listingChanges.set(path, later(listingChanges.get(path), time)!);
  const toolPages = snapshot.tools.map((tool) => {
    const time = changedAt(tool);
    newest = later(newest, time);
    if (tool.category) {
      noteListing(categoryPath(tool.category), time);
      if (tool.subCategory) noteListing(subCategoryPath(tool.category, tool.subCategory), time);
    }
    return { path: toolPath(tool), lastmod: time };
  });

  const listings = snapshot.taxonomy.flatMap((category) => [
    categoryPath(category.name),
    ...category.subcategories.map((sub) => subCategoryPath(category.name, sub.name)),
  ]);
  const comparisons: { path: string; lastmod?: Date }[] = [];
  const compared = new Set<string>();
  for (const [position, tool] of snapshot.tools.entries()) {
    if (position % TOOLS_PER_SLICE === TOOLS_PER_SLICE - 1) await yieldUnlessSuperseded(isCurrent);
    const alternatives = findCompareAlternatives(snapshot, tool.id, SITEMAP_COMPARE_ALTERNATIVES);
    for (const other of alternatives) {
      const path = comparePath([tool.slug, other.slug]);
      if (compared.has(path)) continue;
      compared.add(path);
      comparisons.push({ path, lastmod: later(changedAt(tool), changedAt(other)) });
    }
  }
  return [
    { path: "/", lastmod: newest },
    { path: BROWSE_PATH, lastmod: newest },
    ...listings.map((path) => ({ path, lastmod: listingChanges.get(path) })),
    ...PLAIN_PAGES.map((path) => ({ path })),
    ...toolPages,
    ...comparisons,
  ];
}

/**
 * The sitemap index and its chunks of at most `chunkSize` URLs each, absolute on `appUrl`. The
 * index's lastmod of a chunk is the newest of its pages'.
 */
export async function buildSitemap({
  snapshot,
  updatedAt,
  appUrl,
  chunkSize = MAX_SITEMAP_URLS,
  ...options
}: {
  snapshot: CatalogueSnapshot;
  updatedAt: ReadonlyMap<string, Date>;
  appUrl: string;
  chunkSize?: number;
} & SitemapBuildOptions): Promise<Sitemap> {
  const size = Math.min(Math.max(1, Math.floor(chunkSize)), MAX_SITEMAP_URLS);
  // Paths are made of slugs, already safe in a URL: joined as text, which at 100,000 tools is
  // much faster than parsing each.
  const origin = new URL(appUrl).origin;
  const isCurrent = options.isCurrent ?? always;
  const pages = await listSitemapPages(snapshot, updatedAt, options);
  const chunks: XmlFile[] = [];
  const indexEntries: SitemapEntry[] = [];
  for (let start = 0; start < pages.length; start += size) {
    if (start > 0) await yieldUnlessSuperseded(isCurrent);
    const entries = pages
      .slice(start, start + size)
      .map(({ path, lastmod }) => ({ loc: `${origin}${path}`, lastmod }));
    chunks.push(xmlFile(urlSetXml(entries)));
    indexEntries.push({
      loc: `${origin}${sitemapChunkPath(chunks.length)}`,
      lastmod: entries.reduce<Date | undefined>(
        (newest, entry) => later(newest, entry.lastmod),
        undefined,
      ),
    });
  }
  return { index: xmlFile(sitemapIndexXml(indexEntries)), chunks, urlCount: pages.length };
}
