import type { AnyNode, Document, Element } from "domhandler";
import { DomHandler, isTag, isText } from "domhandler";
import { findAll, findOne, getAttributeValue, textContent } from "domutils";
import { Parser } from "htmlparser2";
import type { FetchedPage } from "#server/net/guarded-fetch.server";
import { namesEvidenceTopic } from "./choose-evidence-pages.server";
import type { JsonLdOffer, JsonLdThing, PageFacts, PageLink } from "./draft-types.server";

// Everything a draft may rest on, read from the page before any model is asked.

export const PAGE_TEXT_CHARS = 100_000;

/** Elements whose content is never the page's visible main text. */
const DROPPED_TAGS = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "nav",
  "header",
  "footer",
  "aside",
  "form",
  "iframe",
  "object",
  "canvas",
  "select",
  "button",
  "dialog",
]);
const DROPPED_ROLES = new Set(["navigation", "banner", "contentinfo", "dialog", "alertdialog"]);
const COOKIE_BANNER_CHARS = 1_500;
const COOKIE_BANNER = /(^|[\s_-])(cookie|consent|gdpr)([\s_-]|$)/i;

/** Elements that end a line of text. */
const BLOCK_TAGS = new Set([
  "address",
  "article",
  "blockquote",
  "br",
  "caption",
  "dd",
  "div",
  "dl",
  "dt",
  "figcaption",
  "figure",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "li",
  "main",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "td",
  "th",
  "tr",
  "ul",
]);

const UNDERSTOOD_TYPES = new Set([
  "SoftwareApplication",
  "WebApplication",
  "MobileApplication",
  "Product",
  "Organization",
  "WebSite",
  "Offer",
  "AggregateOffer",
]);

const PRICING_LINK = /pric|plans?\b|tarif|preise/i;

/** Folds runs of whitespace (non-breaking spaces too) into one space. */
function foldSpace(text: string): string {
  return text.replace(/[\s\u00a0\u200b]+/g, " ").trim();
}

/**
 * The page's text: the charset from Content-Type, else from a <meta charset> or http-equiv in
 * the first bytes, else UTF-8. Undecodable bytes become U+FFFD rather than failing the draft.
 */
export function decodePage(page: Pick<FetchedPage, "body" | "contentType">): string {
  const declared =
    charsetOf(page.contentType) ?? charsetOf(page.body.subarray(0, 2048).toString("latin1"));
  const bom = page.body.subarray(0, 2);
  if (bom[0] === 0xff && bom[1] === 0xfe) return new TextDecoder("utf-16le").decode(page.body);
  if (bom[0] === 0xfe && bom[1] === 0xff) return new TextDecoder("utf-16be").decode(page.body);
  if (declared && WINDOWS_1252_LABELS.has(declared)) return decodeWindows1252(page.body);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(declared ?? "utf-8", { fatal: false });
  } catch {
    decoder = new TextDecoder("utf-8", { fatal: false });
  }
  return decoder.decode(page.body);
}

// Node 20's TextDecoder reads windows-1252 as ISO-8859-1, turning € and curly quotes (0x80-0x9F)
// into control characters; browsers (and the WHATWG labels) read all of these as windows-1252.
const WINDOWS_1252_LABELS = new Set([
  "windows-1252",
  "cp1252",
  "x-cp1252",
  "iso-8859-1",
  "iso8859-1",
  "latin1",
  "l1",
  "us-ascii",
  "ascii",
]);
const WINDOWS_1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

function decodeWindows1252(bytes: Buffer): string {
  return bytes
    .toString("latin1")
    .replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80]!);
}

function charsetOf(text: string): string | null {
  const match = /charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(text);
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * Elements nested deeper than this are read as part of their ancestor at this depth. Real pages
 * nest a few dozen levels; a hostile one nesting 100,000 would overflow every walk of the tree.
 */
const MAX_ELEMENT_DEPTH = 256;

class ShallowDomHandler extends DomHandler {
  private depth = 0;
  private flattened = 0;

  override onopentag(name: string, attribs: Record<string, string>): void {
    if (this.depth >= MAX_ELEMENT_DEPTH) {
      this.flattened += 1;
      return;
    }
    this.depth += 1;
    super.onopentag(name, attribs);
  }

  override onclosetag(): void {
    // The parser closes elements innermost first, so the flattened ones close before the rest.
    if (this.flattened > 0) {
      this.flattened -= 1;
      return;
    }
    this.depth -= 1;
    super.onclosetag();
  }
}

function parseShallow(html: string): Document {
  const handler = new ShallowDomHandler();
  new Parser(handler, { decodeEntities: true, lowerCaseAttributeNames: true }).end(html);
  return handler.root;
}

export function readPage(html: string, pageUrl: string): PageFacts {
  const document = parseShallow(html);
  const htmlElement = findOne((element) => element.name === "html", document.children);
  const titleElement = findOne((element) => element.name === "title", document.children);
  const title = titleElement ? foldSpace(textContent(titleElement)) : "";
  const meta = readMeta(document.children);
  const jsonLd = readJsonLd(document.children, pageUrl);
  const body = findOne((element) => element.name === "body", document.children) ?? document;
  const mainRoot =
    findOne((element) => element.name === "main" && !isHidden(element), body.children) ??
    findOne(
      (element) => getAttributeValue(element, "role") === "main" && !isHidden(element),
      body.children,
    ) ??
    findOne((element) => element.name === "article" && !isHidden(element), body.children) ??
    body;
  const visible = readVisible(mainRoot);
  return {
    url: pageUrl,
    lang: htmlElement ? foldSpace(getAttributeValue(htmlElement, "lang") ?? "") || null : null,
    title: title || null,
    meta,
    jsonLd,
    headings: visible.headings,
    text: capText(visible.lines.join("\n")),
    listItems: visible.listItems,
    pricingUrl: findPricingUrl(body, pageUrl),
    links: findTopicLinks(body, pageUrl),
    imageUrl: findImage(meta, jsonLd, pageUrl),
  };
}

function capText(text: string): string {
  if (text.length <= PAGE_TEXT_CHARS) return text;
  const cut = text.lastIndexOf("\n", PAGE_TEXT_CHARS);
  return text.slice(0, cut > PAGE_TEXT_CHARS / 2 ? cut : PAGE_TEXT_CHARS);
}

function readMeta(nodes: AnyNode[]): Record<string, string> {
  const meta: Record<string, string> = {};
  for (const element of findAll((element) => element.name === "meta", nodes)) {
    const key = (
      getAttributeValue(element, "property") ??
      getAttributeValue(element, "name") ??
      getAttributeValue(element, "itemprop") ??
      ""
    )
      .trim()
      .toLowerCase();
    const content = foldSpace(getAttributeValue(element, "content") ?? "");
    if (key && content && !(key in meta)) meta[key] = content;
  }
  return meta;
}

function isHidden(element: Element): boolean {
  if (element.attribs.hidden !== undefined) return true;
  if (getAttributeValue(element, "aria-hidden")?.trim().toLowerCase() === "true") return true;
  const style = (getAttributeValue(element, "style") ?? "").toLowerCase().replace(/\s+/g, "");
  return style.includes("display:none") || style.includes("visibility:hidden");
}

function isDropped(element: Element): boolean {
  if (DROPPED_TAGS.has(element.name)) return true;
  const role = getAttributeValue(element, "role")?.trim().toLowerCase();
  if (role && DROPPED_ROLES.has(role)) return true;
  if (isHidden(element)) return true;
  const marks = `${getAttributeValue(element, "id") ?? ""} ${getAttributeValue(element, "class") ?? ""}`;
  // A wrapper marked "cookie-accepted" may hold the whole page: only a banner-sized block goes.
  return COOKIE_BANNER.test(marks) && textContent(element).length < COOKIE_BANNER_CHARS;
}

interface Visible {
  lines: string[];
  headings: { level: number; text: string }[];
  listItems: string[];
}

function readVisible(root: AnyNode): Visible {
  const visible: Visible = { lines: [], headings: [], listItems: [] };
  let line = "";
  const endLine = (): void => {
    const folded = foldSpace(line);
    if (folded) visible.lines.push(folded);
    line = "";
  };
  const walk = (node: AnyNode): void => {
    if (isText(node)) {
      line += node.data;
      return;
    }
    if (!isTag(node)) return;
    if (isDropped(node)) return;
    const block = BLOCK_TAGS.has(node.name);
    if (block) endLine();
    if (node.name === "img") {
      return;
    }
    const heading = /^h([1-3])$/.exec(node.name);
    if (heading) {
      const text = foldSpace(visibleText(node));
      if (text) visible.headings.push({ level: Number(heading[1]), text });
    }
    if (node.name === "li") {
      const text = foldSpace(visibleText(node));
      if (text) visible.listItems.push(text);
    }
    for (const child of node.children) walk(child);
    if (block) endLine();
    else if (node.name === "td" || node.name === "th") line += " ";
  };
  if (isTag(root)) {
    for (const child of root.children) walk(child);
  } else if ("children" in root) {
    for (const child of (root as { children: AnyNode[] }).children) walk(child);
  }
  endLine();
  return visible;
}

/** The text of an element without its dropped parts (a hidden span inside a heading). */
function visibleText(element: Element): string {
  let text = "";
  const walk = (node: AnyNode): void => {
    if (isText(node)) text += node.data;
    else if (isTag(node) && !isDropped(node)) {
      if (BLOCK_TAGS.has(node.name)) text += " ";
      for (const child of node.children) walk(child);
    }
  };
  for (const child of element.children) walk(child);
  return text;
}

function absoluteHttp(address: string | null | undefined, pageUrl: string): string | null {
  if (!address) return null;
  const trimmed = address.trim();
  if (!trimmed || /^data:/i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed, pageUrl);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

function hostOf(address: string): string {
  return new URL(address).hostname.toLowerCase().replace(/^www\./, "");
}

function findPricingUrl(body: AnyNode, pageUrl: string): string | null {
  const pageHost = hostOf(pageUrl);
  const here = new URL(pageUrl);
  here.hash = "";
  let byText: string | null = null;
  for (const link of findAll((element) => element.name === "a", [body])) {
    const address = absoluteHttp(getAttributeValue(link, "href"), pageUrl);
    if (!address || hostOf(address) !== pageHost) continue;
    const url = new URL(address);
    url.hash = "";
    if (url.toString() === here.toString()) continue;
    if (PRICING_LINK.test(url.pathname)) return url.toString();
    if (!byText && PRICING_LINK.test(foldSpace(textContent(link)))) byText = url.toString();
  }
  return byText;
}

/** Links kept for choosing the tool's own evidence pages; a page listing hundreds keeps these. */
const TOPIC_LINKS = 60;

function findTopicLinks(body: AnyNode, pageUrl: string): PageLink[] {
  const links: PageLink[] = [];
  for (const link of findAll((element) => element.name === "a", [body])) {
    const address = absoluteHttp(getAttributeValue(link, "href"), pageUrl);
    if (!address) continue;
    const text = foldSpace(textContent(link)).slice(0, 200);
    if (!namesEvidenceTopic(new URL(address), text)) continue;
    links.push({ url: address, text });
    if (links.length >= TOPIC_LINKS) break;
  }
  return links;
}

function findImage(meta: Record<string, string>, jsonLd: JsonLdThing[], pageUrl: string) {
  const candidates = [
    meta["og:image:secure_url"],
    meta["og:image"],
    meta["og:image:url"],
    meta["twitter:image"],
    meta["twitter:image:src"],
    ...jsonLd.map((thing) => thing.image),
  ];
  for (const candidate of candidates) {
    const address = absoluteHttp(candidate, pageUrl);
    if (address) return address;
  }
  return null;
}

// JSON-LD: every block, tolerant of junk; a block that does not parse is skipped.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Values nested deeper than this (lists of lists, offers of offers) are not read. */
const MAX_JSON_LD_DEPTH = 4;

function readJsonLd(nodes: AnyNode[], pageUrl: string): JsonLdThing[] {
  const things: JsonLdThing[] = [];
  const scripts = findAll(
    (element) =>
      element.name === "script" &&
      (getAttributeValue(element, "type") ?? "").trim().toLowerCase() === "application/ld+json",
    nodes,
  );
  for (const script of scripts) {
    const source = textContent(script)
      .trim()
      .replace(/^<!--|-->$/g, "")
      .replace(/^\s*\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>\s*$/g, "")
      .replace(/,(\s*[}\]])/g, "$1");
    let parsed: Json;
    try {
      parsed = JSON.parse(source) as Json;
    } catch {
      continue;
    }
    for (const node of flattenNodes(parsed, 0)) {
      const thing = toThing(node, pageUrl);
      if (thing) things.push(thing);
    }
  }
  return things;
}

function flattenNodes(value: Json, depth: number): Record<string, Json>[] {
  if (depth > MAX_JSON_LD_DEPTH || value === null || typeof value !== "object") return [];
  if (Array.isArray(value)) return value.flatMap((item) => flattenNodes(item, depth + 1));
  const graph = value["@graph"];
  const nodes: Record<string, Json>[] = value["@type"] ? [value] : [];
  if (graph) nodes.push(...flattenNodes(graph, depth + 1));
  const mainEntity = value.mainEntity;
  if (mainEntity && typeof mainEntity === "object") {
    nodes.push(...flattenNodes(mainEntity, depth + 1));
  }
  return nodes;
}

function typesOf(node: Record<string, Json>): string[] {
  const raw = node["@type"];
  const list = Array.isArray(raw) ? raw : [raw];
  return list
    .filter((type): type is string => typeof type === "string")
    .map((type) => type.replace(/^.*[/:#]/, ""));
}

function stringOf(value: Json | undefined, depth = 0): string | null {
  if (typeof value === "string") return foldSpace(value) || null;
  if (typeof value === "number") return String(value);
  if (depth > MAX_JSON_LD_DEPTH) return null;
  if (Array.isArray(value)) return value.length > 0 ? stringOf(value[0], depth + 1) : null;
  if (value && typeof value === "object") {
    return stringOf(value["@value"] ?? value.name ?? value.url ?? value.contentUrl, depth + 1);
  }
  return null;
}

function listOf(value: Json | undefined, split: RegExp): string[] {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : [value];
  return items
    .flatMap((item) => {
      const text = stringOf(item);
      return text ? text.split(split) : [];
    })
    .map(foldSpace)
    .filter(Boolean);
}

function toThing(node: Record<string, Json>, pageUrl: string): JsonLdThing | null {
  const types = typesOf(node);
  if (!types.some((type) => UNDERSTOOD_TYPES.has(type))) return null;
  const isOffer = types.includes("Offer") || types.includes("AggregateOffer");
  const image = stringOf(node.image ?? node.logo);
  return {
    types,
    name: stringOf(node.name),
    description: stringOf(node.description),
    url: absoluteHttp(stringOf(node.url), pageUrl),
    image: absoluteHttp(image, pageUrl),
    applicationCategory: stringOf(node.applicationCategory),
    keywords: listOf(node.keywords, /\s*,\s*/),
    featureList: listOf(node.featureList, /\s*(?:\n|,(?!\d))\s*/),
    offers: readOffers(isOffer ? node : node.offers),
  };
}

const UNIT_CODES: Record<string, string> = {
  MON: "MONTH",
  ANN: "YEAR",
  WEE: "WEEK",
  DAY: "DAY",
};

function billingPeriodOf(spec: Record<string, Json>): string | null {
  const duration = spec.billingDuration;
  const reference = spec.referenceQuantity;
  const unitCode =
    stringOf(spec.unitCode) ??
    (reference && typeof reference === "object" && !Array.isArray(reference)
      ? stringOf(reference.unitCode)
      : null);
  if (typeof duration === "string") return duration.toUpperCase();
  if (typeof duration === "number") return `P${duration}M`;
  if (duration && typeof duration === "object" && !Array.isArray(duration)) {
    const unit = stringOf(duration.unitCode);
    if (unit) return UNIT_CODES[unit.toUpperCase()] ?? unit.toUpperCase();
  }
  if (unitCode) return UNIT_CODES[unitCode.toUpperCase()] ?? unitCode.toUpperCase();
  return null;
}

function readOffers(value: Json | undefined, depth = 0): JsonLdOffer[] {
  if (!value || typeof value !== "object" || depth > MAX_JSON_LD_DEPTH) return [];
  if (Array.isArray(value)) return value.flatMap((item) => readOffers(item, depth + 1));
  const types = typesOf(value);
  if (types.includes("AggregateOffer") && value.offers) {
    const inner = readOffers(value.offers, depth + 1);
    if (inner.length > 0) return inner;
  }
  const specs = value.priceSpecification;
  const specList = (Array.isArray(specs) ? specs : specs ? [specs] : []).filter(
    (spec): spec is Record<string, Json> =>
      spec !== null && typeof spec === "object" && !Array.isArray(spec),
  );
  const name = stringOf(value.name);
  const price = stringOf(value.price ?? value.lowPrice);
  const currency = stringOf(value.priceCurrency);
  if (price === null && specList.length > 0) {
    return specList.map((spec) => ({
      name,
      price: stringOf(spec.price ?? spec.minPrice),
      priceCurrency: stringOf(spec.priceCurrency) ?? currency,
      billingPeriod: billingPeriodOf(spec),
    }));
  }
  const period = specList.map(billingPeriodOf).find((period) => period !== null) ?? null;
  return [{ name, price, priceCurrency: currency, billingPeriod: period }];
}
