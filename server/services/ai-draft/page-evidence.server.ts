import { AI_DRAFT_LIMITS, type DraftedFieldName, type ToolDraft } from "~/lib/ai-draft";
import { toolInputSchema } from "~/lib/tool-input";
import type { JsonLdOffer, PageFacts } from "./draft-types.server";

// What counts as "on the page" for evidence and numbers (the visible text, the title, the meta
// tags and the JSON-LD values), and the tool form's own rules every drafted value must pass.

export function matchable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[\s\u00a0]+/g, " ")
    .trim();
}

/** How a JSON-LD offer is quoted as evidence: "Team: 29 USD per P1M". */
export function offerQuote(offer: JsonLdOffer): string {
  const parts = [offer.name ? `${offer.name}:` : "", offer.price ?? "", offer.priceCurrency ?? ""];
  if (offer.billingPeriod) parts.push(`per ${offer.billingPeriod}`);
  return parts.filter(Boolean).join(" ");
}

/** Every piece of text the page states, one per line. */
function pageStatements(facts: PageFacts): string[] {
  const statements = [facts.title ?? "", ...Object.values(facts.meta), facts.text];
  for (const thing of facts.jsonLd) {
    statements.push(
      thing.name ?? "",
      thing.description ?? "",
      thing.applicationCategory ?? "",
      thing.keywords.join(", "),
      ...thing.featureList,
      ...thing.offers.map(offerQuote),
    );
  }
  return statements.filter(Boolean);
}

export interface PageCorpus {
  /** Case- and whitespace-insensitive text of the whole page. */
  text: string;
  numbers: Set<string>;
}

export function pageCorpus(facts: PageFacts, extraText = ""): PageCorpus {
  const text = matchable([...pageStatements(facts), extraText].join("\n"));
  return { text, numbers: new Set(numbersIn(text)) };
}

export function occursIn(corpus: PageCorpus, quote: string): boolean {
  const wanted = matchable(quote).replace(/^["'“]+|["'”.…]+$/g, "");
  return wanted.length >= 2 && corpus.text.includes(wanted);
}

/** The numbers a text states, normalised ("1,200" → "1200", "29.00" → "29"). */
function numbersIn(text: string): string[] {
  return [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((match) => normaliseNumber(match[0]));
}

function normaliseNumber(raw: string): string {
  const plain = raw.replace(/,(?=\d{3}(\D|$))/g, "").replace(/,/g, ".");
  const value = Number(plain);
  return Number.isFinite(value) ? String(value) : plain;
}

export function numbersAreOnPage(corpus: PageCorpus, text: string): boolean {
  return numbersIn(text).every((number) => corpus.numbers.has(number));
}

/** Cuts text to at most `max` characters at a word boundary, marking the cut with "…". */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const space = room.lastIndexOf(" ");
  return `${(space > max / 2 ? room.slice(0, space) : room).replace(/[\s,;:.-]+$/, "")}…`;
}

/** An evidence quote cut to its limit (a prefix of a quote is still on the page). */
export function evidenceOf(text: string): string {
  const folded = text.replace(/\s+/g, " ").trim();
  if (folded.length <= AI_DRAFT_LIMITS.evidenceChars) return folded;
  const room = folded.slice(0, AI_DRAFT_LIMITS.evidenceChars);
  const space = room.lastIndexOf(" ");
  return space > AI_DRAFT_LIMITS.evidenceChars / 2 ? room.slice(0, space) : room;
}

const SCHEMA_PATH: Record<Exclude<DraftedFieldName, "mainImage">, string> = {
  name: "name",
  cardDescription: "cardDescription",
  longDescription: "longDescription",
  keyFeatures: "keyFeatures",
  hashtags: "hashtags",
  category: "category",
  subCategory: "subCategory",
  pricingModel: "pricing.model",
  pricingAmount: "pricing.amount",
  seoTitle: "seo.titleTag",
  seoDescription: "seo.metaDescription",
  websiteUrl: "websiteUrl",
};

/** The draft without the fields the tool form would refuse (too long, "|" in a list item…). */
export function keepValidFields(draft: ToolDraft): ToolDraft {
  const input = {
    name: draft.name?.value ?? "Unnamed",
    category: draft.category?.value ?? null,
    subCategory: draft.category ? (draft.subCategory?.value ?? null) : null,
    pricing: {
      model: draft.pricingModel?.value ?? null,
      amount: draft.pricingAmount?.value ?? null,
    },
    cardDescription: draft.cardDescription?.value ?? null,
    longDescription: draft.longDescription?.value ?? null,
    seo: {
      titleTag: draft.seoTitle?.value ?? null,
      metaDescription: draft.seoDescription?.value ?? null,
    },
    hashtags: draft.hashtags?.value ?? [],
    keyFeatures: draft.keyFeatures?.value ?? [],
    websiteUrl: draft.websiteUrl?.value ?? null,
  };
  const result = toolInputSchema.safeParse(input);
  const refused = new Set(
    result.success ? [] : result.error.issues.map((issue) => issue.path.slice(0, 2).join(".")),
  );
  const kept: ToolDraft = {};
  for (const [field, value] of Object.entries(draft) as [DraftedFieldName, unknown][]) {
    if (field === "subCategory" && !draft.category) continue;
    if (
      field !== "mainImage" &&
      (refused.has(SCHEMA_PATH[field]) ||
        [...refused].some((path) => path.startsWith(`${SCHEMA_PATH[field]}.`)))
    )
      continue;
    (kept as Record<string, unknown>)[field] = value;
  }
  return kept;
}
