import type { DraftedField, PricingModel, ToolDraft } from "~/lib/ai-draft";
import { TOOL_FIELD_LIMITS } from "~/lib/tool-input";
import type { JsonLdOffer, JsonLdThing, PageFacts, TaxonomyEntry } from "./draft-types.server";
import { clip, evidenceOf, keepValidFields, matchable, offerQuote } from "./page-evidence.server";

// A draft from what the page states, without any model. Every field carries where it
// came from and a quote that is on the page; nothing is guessed (no price the page does not give).

const PRODUCT_TYPES = ["SoftwareApplication", "WebApplication", "MobileApplication", "Product"];
const FEATURE_HEADING =
  /feature|benefit|capabilit|highlight|what you (get|can)|why |how it works|everything|included|includes|functions|fonctionnalit|funktionen/i;

function field<T>(
  value: T,
  source: DraftedField<T>["source"],
  evidence: string,
  proposal?: boolean,
): DraftedField<T> {
  const drafted: DraftedField<T> = { value, source, evidence: evidenceOf(evidence) };
  if (proposal) drafted.proposal = true;
  return drafted;
}

function productThing(facts: PageFacts): JsonLdThing | null {
  return (
    facts.jsonLd.find((thing) => thing.types.some((type) => PRODUCT_TYPES.includes(type))) ??
    facts.jsonLd.find((thing) => thing.types.includes("WebSite")) ??
    facts.jsonLd.find((thing) => thing.types.includes("Organization")) ??
    null
  );
}

/** "Brieflow – AI meeting notes" → "Brieflow"; "Home | Tallyhawk" → "Tallyhawk". */
export function cleanTitle(title: string): string {
  const parts = title
    .split(/\s+[|–—•·-]\s+|:\s+/)
    .map((part) => part.trim())
    .filter((part) => part && !/^(home|homepage|welcome|official site)$/i.test(part));
  return parts[0] ?? title.trim();
}

/** JSON-LD's product or site name, og:site_name, the company's name, then the cleaned title. */
function draftName(facts: PageFacts): DraftedField<string> | null {
  const thing = productThing(facts);
  const stated = thing && !thing.types.includes("Organization") ? thing.name : null;
  if (stated) return field(clip(stated, TOOL_FIELD_LIMITS.name), "json-ld", stated);
  const siteName = facts.meta["og:site_name"] ?? facts.meta["application-name"];
  if (siteName) return field(clip(siteName, TOOL_FIELD_LIMITS.name), "meta", siteName);
  if (thing?.name) return field(clip(thing.name, TOOL_FIELD_LIMITS.name), "json-ld", thing.name);
  if (facts.title) {
    return field(clip(cleanTitle(facts.title), TOOL_FIELD_LIMITS.name), "meta", facts.title);
  }
  return null;
}

function descriptionCandidates(facts: PageFacts, intro: string[]): DraftedField<string>[] {
  const candidates: DraftedField<string>[] = [];
  const add = (text: string | null | undefined, source: "meta" | "json-ld" | "page") => {
    if (text && !candidates.some((candidate) => candidate.evidence === evidenceOf(text))) {
      candidates.push(field(text, source, text));
    }
  };
  add(facts.meta.description, "meta");
  add(facts.meta["og:description"], "meta");
  add(facts.meta["twitter:description"], "meta");
  add(productThing(facts)?.description, "json-ld");
  for (const line of intro) add(line, "page");
  return candidates;
}

/** Lines of the page text that read like sentences (not headings, not list items). */
function introLines(facts: PageFacts): string[] {
  const headings = new Set(facts.headings.map((heading) => heading.text));
  const items = new Set(facts.listItems);
  return facts.text
    .split("\n")
    .filter(
      (line) => line.length >= 40 && !headings.has(line) && !items.has(line) && /[.!?]$/.test(line),
    );
}

function longDescription(introLines: string[], features: string[]): DraftedField<string> | null {
  const intro = introLines.slice(0, 3);
  if (intro.length === 0) return null;
  const parts = [intro.join(" ")];
  if (features.length > 0)
    parts.push(`Key features:\n\n${features.map((item) => `- ${item}`).join("\n")}`);
  return field(clip(parts.join("\n\n"), TOOL_FIELD_LIMITS.longDescription), "page", intro[0]!);
}

/** A list item as the tool form takes it: one line, no "|" (the form's list separator). */
export function foldListItem(item: string): string {
  return item.replace(/\|/g, "/").replace(/\s+/g, " ").trim();
}

function cleanListItem(item: string): string | null {
  const text = foldListItem(item);
  return text.length >= 3 && text.length <= TOOL_FIELD_LIMITS.keyFeature ? text : null;
}

function featureCandidates(facts: PageFacts): DraftedField<string[]>[] {
  const candidates: DraftedField<string[]>[] = [];
  const thing = productThing(facts);
  const fromJsonLd = (thing?.featureList ?? [])
    .map(cleanListItem)
    .filter((item): item is string => item !== null)
    .slice(0, TOOL_FIELD_LIMITS.keyFeatures);
  if (fromJsonLd.length > 0) candidates.push(field(fromJsonLd, "json-ld", fromJsonLd[0]!));

  const lines = facts.text.split("\n");
  const headings = new Set(facts.headings.map((heading) => heading.text));
  const items = new Set(facts.listItems);
  const underHeading: string[] = [];
  let underFeatureHeading = false;
  let quote = "";
  for (const line of lines) {
    if (headings.has(line)) {
      underFeatureHeading = FEATURE_HEADING.test(line);
      if (underFeatureHeading && !quote) quote = line;
      continue;
    }
    if (underFeatureHeading && items.has(line)) {
      const item = cleanListItem(line);
      if (item && !underHeading.includes(item)) underHeading.push(item);
    }
  }
  if (underHeading.length > 0) {
    candidates.push(field(underHeading.slice(0, TOOL_FIELD_LIMITS.keyFeatures), "page", quote));
  }
  return candidates;
}

/** "Meeting notes" → "meeting-notes"; tags are short, lowercase and without "#" or "|". */
export function toTag(text: string): string | null {
  const tag = text
    .toLowerCase()
    .replace(/^#+/, "")
    .replace(/[|,;#]/g, " ")
    .trim()
    .replace(/\s+/g, "-");
  return tag.length >= 2 && tag.length <= TOOL_FIELD_LIMITS.hashtag ? tag : null;
}

function splitCamel(text: string): string {
  return text.replace(/([a-z])([A-Z])/g, "$1 $2");
}

function hashtagCandidates(facts: PageFacts): DraftedField<string[]>[] {
  const candidates: DraftedField<string[]>[] = [];
  const add = (words: string[], source: "json-ld" | "meta", quote: string) => {
    const tags = [...new Set(words.map(toTag).filter((tag): tag is string => tag !== null))];
    if (tags.length > 0) {
      candidates.push(field(tags.slice(0, TOOL_FIELD_LIMITS.hashtags), source, quote));
    }
  };
  for (const thing of facts.jsonLd) {
    if (thing.keywords.length > 0) add(thing.keywords, "json-ld", thing.keywords.join(", "));
  }
  const keywords = facts.meta.keywords;
  if (keywords) add(keywords.split(/\s*,\s*/), "meta", keywords);
  const category = productThing(facts)?.applicationCategory;
  if (category && !isSchemaOrgApplicationType(category)) add([category], "json-ld", category);
  return candidates;
}

/**
 * schema.org's own application categories ("BusinessApplication", "DeveloperApplication") say
 * too little about a tool to be its tag or a new category; only a page's own words are.
 */
function isSchemaOrgApplicationType(category: string): boolean {
  return /^[A-Z][A-Za-z]*Application$/.test(category.trim());
}

interface Clue {
  text: string;
  source: "json-ld" | "meta" | "page";
}

function taxonomyClues(facts: PageFacts): Clue[] {
  const clues: Clue[] = [];
  for (const thing of facts.jsonLd) {
    if (thing.applicationCategory) {
      clues.push({ text: thing.applicationCategory, source: "json-ld" });
      clues.push({ text: splitCamel(thing.applicationCategory), source: "json-ld" });
    }
    if (thing.keywords.length > 0)
      clues.push({ text: thing.keywords.join(", "), source: "json-ld" });
  }
  if (facts.meta.keywords) clues.push({ text: facts.meta.keywords, source: "meta" });
  if (facts.title) clues.push({ text: facts.title, source: "meta" });
  for (const heading of facts.headings) clues.push({ text: heading.text, source: "page" });
  return clues;
}

/** Matches a taxonomy name (or its plural) as whole words in `matchable` text. */
function mentionPattern(name: string): RegExp {
  const escaped = matchable(name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}s?($|[^\\p{L}\\p{N}])`, "u");
}

function draftTaxonomy(
  facts: PageFacts,
  taxonomy: TaxonomyEntry[],
): Pick<ToolDraft, "category" | "subCategory"> {
  const clues = taxonomyClues(facts).map((clue) => ({ ...clue, folded: matchable(clue.text) }));
  const patterns = new Map<string, RegExp>();
  const mentions = (clue: { folded: string }, name: string): boolean => {
    let pattern = patterns.get(name);
    if (!pattern) patterns.set(name, (pattern = mentionPattern(name)));
    return pattern.test(clue.folded);
  };
  for (const clue of clues) {
    for (const entry of taxonomy) {
      const sub = entry.subcategories.find((name) => mentions(clue, name));
      if (sub) {
        return {
          category: field(entry.category, clue.source, clue.text),
          subCategory: field(sub, clue.source, clue.text),
        };
      }
    }
  }
  for (const clue of clues) {
    const entry = taxonomy.find((candidate) => mentions(clue, candidate.category));
    if (entry) return { category: field(entry.category, clue.source, clue.text) };
  }
  const stated = productThing(facts)?.applicationCategory?.trim();
  if (stated && !isSchemaOrgApplicationType(stated)) {
    return { category: field(stated, "json-ld", stated, true) };
  }
  return {};
}

const CURRENCY_SYMBOLS: Record<string, string> = {
  USD: "$",
  EUR: "€",
  GBP: "£",
  JPY: "¥",
  INR: "₹",
};

const PERIOD_WORDS: Record<string, string> = {
  MONTH: "month",
  P1M: "month",
  MON: "month",
  YEAR: "year",
  P1Y: "year",
  P12M: "year",
  ANN: "year",
  WEEK: "week",
  P1W: "week",
  DAY: "day",
  P1D: "day",
};

function formatPrice(price: string, currency: string | null): string {
  const symbol = currency ? CURRENCY_SYMBOLS[currency.toUpperCase()] : undefined;
  if (symbol) return `${symbol}${price}`;
  return currency ? `${price} ${currency}` : price;
}

function priceValue(offer: JsonLdOffer): number | null {
  if (offer.price === null) return null;
  const value = Number(offer.price.replace(/,/g, ""));
  return Number.isFinite(value) ? value : null;
}

/** The stated price as written, without trailing zero cents ("29.00" → "29"). */
function statedPrice(price: string): string {
  return price.replace(/\.0+$/, "");
}

function draftPricingFromJsonLd(
  facts: PageFacts,
): Pick<ToolDraft, "pricingModel" | "pricingAmount"> {
  const offers = facts.jsonLd
    .flatMap((thing) => thing.offers)
    .filter((offer) => priceValue(offer) !== null);
  if (offers.length === 0) return {};
  const quote = offers.map(offerQuote).join("; ");
  const paid = offers.filter((offer) => priceValue(offer)! > 0);
  const model: PricingModel =
    paid.length === 0 ? "Free" : paid.length === offers.length ? "Paid" : "Freemium";
  const result: Pick<ToolDraft, "pricingModel" | "pricingAmount"> = {
    pricingModel: field(model, "json-ld", quote),
  };
  if (paid.length > 0) {
    const cheapest = paid.reduce((low, offer) =>
      priceValue(offer)! < priceValue(low)! ? offer : low,
    );
    const period = cheapest.billingPeriod
      ? PERIOD_WORDS[cheapest.billingPeriod.toUpperCase()]
      : undefined;
    const amount = `${formatPrice(statedPrice(cheapest.price!), cheapest.priceCurrency)}${period ? `/${period}` : ""}`;
    const distinct = new Set(paid.map((offer) => priceValue(offer)));
    result.pricingAmount = field(
      distinct.size > 1 || model === "Freemium" ? `From ${amount}` : amount,
      "json-ld",
      offerQuote(cheapest),
    );
  }
  return result;
}

const TEXT_PRICE =
  /(?:([$€£])\s?(\d{1,5}(?:[.,]\d{2})?)|(\d{1,5}(?:[.,]\d{2})?)\s?(€|EUR|USD|GBP))(?:\s*(?:\/|per|a|par|pro)\s*(?:user\s*(?:\/|per)?\s*)?(month|mo|year|yr|mois|an|monat|jahr)\b)?/i;
const TEXT_PERIOD: Record<string, string> = {
  month: "month",
  mo: "month",
  mois: "month",
  monat: "month",
  year: "year",
  yr: "year",
  an: "year",
  jahr: "year",
};
const FREE_PLAN = /\b(free (plan|tier|forever|version)|free$|gratuit|kostenlos)/im;

/** Pricing from the page's own words, only where a price with its currency is plainly there. */
export function draftPricingFromText(
  text: string,
  source: "page" | "meta",
): Pick<ToolDraft, "pricingModel" | "pricingAmount"> {
  const lines = text.split("\n");
  const prices: { value: number; amount: string; line: string }[] = [];
  for (const line of lines) {
    const match = TEXT_PRICE.exec(line);
    if (!match) continue;
    const symbol = match[1] ?? null;
    const number = match[2] ?? match[3]!;
    const value = Number(number.replace(",", "."));
    if (!(value > 0)) continue;
    const currency = symbol ?? (match[4] === "€" ? "€" : match[4]!);
    const period = match[5] ? TEXT_PERIOD[match[5].toLowerCase()] : undefined;
    const amount = `${symbol ? `${symbol}${number}` : `${number} ${currency}`}${period ? `/${period}` : ""}`;
    prices.push({ value, amount, line });
  }
  if (prices.length === 0) return {};
  const cheapest = prices.reduce((low, price) => (price.value < low.value ? price : low));
  const free = FREE_PLAN.exec(text);
  const model: PricingModel = free ? "Freemium" : "Paid";
  const distinct = new Set(prices.map((price) => price.value));
  return {
    pricingModel: field(model, source, free ? free[0] : cheapest.line),
    pricingAmount: field(
      distinct.size > 1 || free ? `From ${cheapest.amount}` : cheapest.amount,
      source,
      cheapest.line,
    ),
  };
}

function pricing(facts: PageFacts): Pick<ToolDraft, "pricingModel" | "pricingAmount"> {
  const stated = draftPricingFromJsonLd(facts);
  if (stated.pricingModel) return stated;
  const fromText = draftPricingFromText(facts.text, "page");
  if (fromText.pricingModel) return fromText;
  return facts.meta.description ? draftPricingFromText(facts.meta.description, "meta") : {};
}

/** The site's home as drafted: the final address's origin and path, query and fragment dropped. */
export function draftWebsite(facts: PageFacts): DraftedField<string> {
  const url = new URL(facts.url);
  const home = `${url.origin}${url.pathname === "/" ? "/" : url.pathname.replace(/\/+$/, "")}`;
  return field(home, "address", facts.url);
}

/** Every candidate for one field, best first (redrafting without a model takes the next one). */
export function pageCandidates(
  facts: PageFacts,
  taxonomy: TaxonomyEntry[],
): {
  [K in keyof ToolDraft]?: NonNullable<ToolDraft[K]>[];
} {
  const name = draftName(facts);
  const features = featureCandidates(facts);
  const taxonomyDraft = draftTaxonomy(facts, taxonomy);
  const prices = pricing(facts);
  const intro = introLines(facts);
  const long = longDescription(intro, features[0]?.value ?? []);
  const descriptions = descriptionCandidates(facts, intro);
  const titles: DraftedField<string>[] = [];
  if (facts.title)
    titles.push(field(clip(facts.title, TOOL_FIELD_LIMITS.seoTitleTag), "meta", facts.title));
  const ogTitle = facts.meta["og:title"];
  if (ogTitle) titles.push(field(clip(ogTitle, TOOL_FIELD_LIMITS.seoTitleTag), "meta", ogTitle));
  return {
    name: name ? [name] : [],
    cardDescription: descriptions.map((candidate) => ({
      ...candidate,
      value: clip(candidate.value, TOOL_FIELD_LIMITS.cardDescription),
    })),
    longDescription: long ? [long] : [],
    keyFeatures: features,
    hashtags: hashtagCandidates(facts),
    category: taxonomyDraft.category ? [taxonomyDraft.category] : [],
    subCategory: taxonomyDraft.subCategory ? [taxonomyDraft.subCategory] : [],
    pricingModel: prices.pricingModel ? [prices.pricingModel] : [],
    pricingAmount: prices.pricingAmount ? [prices.pricingAmount] : [],
    seoTitle: titles,
    seoDescription: descriptions
      .filter((candidate) => candidate.source !== "page")
      .map((candidate) => ({
        ...candidate,
        value: clip(candidate.value, TOOL_FIELD_LIMITS.seoMetaDescription),
      })),
    websiteUrl: [draftWebsite(facts)],
  };
}

export function draftFromPage(facts: PageFacts, taxonomy: TaxonomyEntry[]): ToolDraft {
  return bestCandidates(facts, taxonomy, () => true);
}

/**
 * What a page we cannot read (it needs JavaScript, or shows no text) still states in its tags,
 * kept on the failed job: JSON-LD and meta tags only, never its text or its <title> (often
 * "Loading...").
 */
export function draftFromTags(facts: PageFacts, taxonomy: TaxonomyEntry[]): ToolDraft {
  return bestCandidates(
    facts,
    taxonomy,
    (candidate) => candidate.source !== "page" && candidate.evidence !== facts.title,
  );
}

function bestCandidates(
  facts: PageFacts,
  taxonomy: TaxonomyEntry[],
  accept: (candidate: DraftedField<unknown>) => boolean,
): ToolDraft {
  const draft: Record<string, unknown> = {};
  for (const [name, candidates] of Object.entries(pageCandidates(facts, taxonomy))) {
    const best = (candidates as DraftedField<unknown>[] | undefined)?.find(accept);
    if (best) draft[name] = best;
  }
  return keepValidFields(draft as ToolDraft);
}
