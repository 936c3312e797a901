import { readFileSync } from "node:fs";
import path from "node:path";
import { SaxesParser } from "saxes";
import { validateXML } from "xmllint-wasm";

// The sitemap protocol (sitemaps.org 0.9), RSS 2.0 and Atom 1.0 checked as the tests
// read them: a strict, namespace-aware parse (a file that is not well-formed XML throws), then
// the elements each format requires, in its namespace, and nothing it does not allow.

export const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
export const ATOM_NS = "http://www.w3.org/2005/Atom";
const MAX_URLS = 50_000;
const MAX_BYTES = 50 * 1024 * 1024;
const MAX_LOC_LENGTH = 2048;
/** W3C datetime as the protocol allows it: a date, or a date and time with a zone. */
const W3C_DATETIME = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;
/** RFC 3339, as Atom's dates must be. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export interface XmlElement {
  name: string;
  uri: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** The document's root element; throws on anything that is not well-formed, namespaced XML. */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on("error", (error) => {
    throw error;
  });
  parser.on("opentag", (tag) => {
    const element: XmlElement = {
      name: tag.local,
      uri: tag.uri,
      attributes: Object.fromEntries(
        Object.values(tag.attributes).map((attribute) => [attribute.name, attribute.value]),
      ),
      children: [],
      text: "",
    };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on("text", (text) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  });
  parser.on("closetag", () => {
    stack.pop();
  });
  parser.write(xml).close();
  if (!root) throw new Error("no root element");
  return root;
}

function fail(message: string): never {
  throw new Error(message);
}

function only(parent: XmlElement, name: string, uri: string): XmlElement {
  const found = parent.children.filter((child) => child.name === name && child.uri === uri);
  if (found.length !== 1) fail(`<${parent.name}> needs exactly one <${name}>, has ${found.length}`);
  return found[0]!;
}

function optional(parent: XmlElement, name: string, uri: string): XmlElement | undefined {
  const found = parent.children.filter((child) => child.name === name && child.uri === uri);
  if (found.length > 1) fail(`<${parent.name}> has ${found.length} <${name}>`);
  return found[0];
}

function checkAbsoluteUrl(text: string): string {
  const url = new URL(text);
  if (url.protocol !== "http:" && url.protocol !== "https:") fail(`not an http URL: ${text}`);
  if (url.href !== text) fail(`not a normalised URL: ${text}`);
  return text;
}

export interface SitemapLocation {
  loc: string;
  lastmod?: string;
}

function readLocations(xml: string, root: string, entry: string, allowed: string[]) {
  if (Buffer.byteLength(xml) > MAX_BYTES) fail("larger than 50 MB");
  const document = parseXml(xml);
  if (document.name !== root || document.uri !== SITEMAP_NS) {
    fail(`root is {${document.uri}}${document.name}, not {${SITEMAP_NS}}${root}`);
  }
  if (document.children.length > MAX_URLS) fail(`${document.children.length} entries > 50,000`);
  return document.children.map((child): SitemapLocation => {
    if (child.name !== entry || child.uri !== SITEMAP_NS) fail(`unexpected <${child.name}>`);
    for (const field of child.children) {
      if (field.uri !== SITEMAP_NS || !allowed.includes(field.name)) {
        fail(`unexpected <${field.name}> in <${entry}>`);
      }
    }
    const loc = only(child, "loc", SITEMAP_NS).text;
    if (loc.length > MAX_LOC_LENGTH) fail(`loc longer than ${MAX_LOC_LENGTH}: ${loc}`);
    checkAbsoluteUrl(loc);
    const lastmod = optional(child, "lastmod", SITEMAP_NS)?.text;
    if (lastmod !== undefined && !W3C_DATETIME.test(lastmod)) fail(`bad lastmod ${lastmod}`);
    return lastmod === undefined ? { loc } : { loc, lastmod };
  });
}

/** The sitemaps a valid sitemap index lists; throws where the index breaks the protocol. */
export function readSitemapIndex(xml: string): SitemapLocation[] {
  return readLocations(xml, "sitemapindex", "sitemap", ["loc", "lastmod"]);
}

/** The pages a valid sitemap lists; throws where it breaks the protocol. */
export function readUrlSet(xml: string): SitemapLocation[] {
  return readLocations(xml, "urlset", "url", ["loc", "lastmod", "changefreq", "priority"]);
}

function checkRfc822(text: string) {
  if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) {
    fail(`not an RFC 822 date: ${text}`);
  }
}

export interface FeedEntry {
  id: string;
  title: string;
  link: string;
  summary: string;
  category?: string;
  published: string;
  updated?: string;
}

/** The items of a valid RSS 2.0 feed that names itself at `selfUrl`; throws where it breaks it. */
export function readRss(xml: string, selfUrl: string): FeedEntry[] {
  const rss = parseXml(xml);
  if (rss.name !== "rss" || rss.uri !== "" || rss.attributes.version !== "2.0") fail("not RSS 2.0");
  const channel = only(rss, "channel", "");
  for (const name of ["title", "link", "description"]) only(channel, name, "");
  checkAbsoluteUrl(only(channel, "link", "").text);
  const self = channel.children.find(
    (child) => child.name === "link" && child.uri === ATOM_NS && child.attributes.rel === "self",
  );
  if (self?.attributes.href !== selfUrl) fail("no atom:link rel=self to the feed");
  const lastBuild = optional(channel, "lastBuildDate", "");
  if (lastBuild) checkRfc822(lastBuild.text);
  return channel.children
    .filter((child) => child.name === "item" && child.uri === "")
    .map((item) => {
      const guid = only(item, "guid", "");
      if (guid.attributes.isPermaLink !== "false") checkAbsoluteUrl(guid.text);
      const published = only(item, "pubDate", "").text;
      checkRfc822(published);
      const category = optional(item, "category", "")?.text;
      return {
        id: guid.text,
        title: only(item, "title", "").text,
        link: checkAbsoluteUrl(only(item, "link", "").text),
        summary: only(item, "description", "").text,
        ...(category === undefined ? {} : { category }),
        published,
      };
    });
}

/** The entries of a valid Atom 1.0 feed that names itself at `selfUrl`; throws where it breaks it. */
export function readAtom(xml: string, selfUrl: string): FeedEntry[] {
  const feed = parseXml(xml);
  if (feed.name !== "feed" || feed.uri !== ATOM_NS) fail("not an Atom feed");
  only(feed, "id", ATOM_NS);
  only(feed, "title", ATOM_NS);
  const updated = only(feed, "updated", ATOM_NS).text;
  if (!RFC3339.test(updated)) fail(`bad updated ${updated}`);
  const links = feed.children.filter((child) => child.name === "link" && child.uri === ATOM_NS);
  if (!links.some((link) => link.attributes.rel === "self" && link.attributes.href === selfUrl)) {
    fail("no link rel=self to the feed");
  }
  const entries = feed.children.filter((child) => child.name === "entry" && child.uri === ATOM_NS);
  const feedHasAuthor = Boolean(optional(feed, "author", ATOM_NS));
  return entries.map((entry) => {
    if (!feedHasAuthor) only(entry, "author", ATOM_NS);
    const link = entry.children.find(
      (child) =>
        child.name === "link" &&
        child.uri === ATOM_NS &&
        (child.attributes.rel ?? "alternate") === "alternate",
    );
    const published = only(entry, "published", ATOM_NS).text;
    const entryUpdated = only(entry, "updated", ATOM_NS).text;
    for (const time of [published, entryUpdated]) {
      if (!RFC3339.test(time)) fail(`bad date ${time}`);
    }
    const category = optional(entry, "category", ATOM_NS)?.attributes.term;
    return {
      id: only(entry, "id", ATOM_NS).text,
      title: only(entry, "title", ATOM_NS).text,
      link: checkAbsoluteUrl(link?.attributes.href ?? fail("entry without a link")),
      summary: only(entry, "summary", ATOM_NS).text,
      ...(category === undefined ? {} : { category }),
      published,
      updated: entryUpdated,
    };
  });
}

const SCHEMAS = path.resolve("tests/schemas");
const schemaFile = (fileName: string) => ({
  fileName,
  contents: readFileSync(path.join(SCHEMAS, fileName), "utf8"),
});

/**
 * Validates a sitemap or a sitemap index with libxml2 against the project's own XML Schemas of the
 * protocol (tests/schemas): resolves to the errors, none when valid.
 */
export async function sitemapSchemaErrors(
  xml: string,
  kind: "urlset" | "sitemap-index",
): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: "sitemap.xml", contents: xml },
    schema: schemaFile(`${kind}.xsd`),
    preload: [schemaFile("sitemap-types.xsd")],
    // A full chunk of 50,000 URLs is about 7 MB.
    initialMemoryPages: 1024,
    maxMemoryPages: 16384,
  });
  return result.errors.map((error) => error.rawMessage);
}
