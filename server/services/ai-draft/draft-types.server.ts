import type { DraftedPlan, DraftFailureCode, EvidenceTopic, ToolDraft } from "~/lib/ai-draft";
import type { ToolFacts } from "~/lib/buyer-facts";
import { DRAFT_FAILURES } from "~/lib/ai-draft";
import type { FetchFailure } from "#server/net/fetch-failure.server";

// The shapes the steps of a draft hand each other. A job runs
// normaliseAddress → guardedFetch (server/net) → readPage → draftTool, then fetches the image.

/** A named failure of one step; the job shows its code's words and, when given, the detail. */
export class DraftFailure extends Error {
  constructor(
    readonly code: DraftFailureCode,
    /** What the admin reads after the code's words ("HTTP 404", "10.0.0.3 is private"). */
    readonly detail?: string,
  ) {
    super(detail ? `${DRAFT_FAILURES[code]} ${detail}` : DRAFT_FAILURES[code]);
  }

  /** The fetcher's failure as the draft's: every fetch failure code is a draft failure code. */
  static fromFetch(failure: FetchFailure): DraftFailure {
    return new DraftFailure(failure.code, failure.detail);
  }
}

/** One JSON-LD node the reader understood (SoftwareApplication, Product, Organization, WebSite…). */
export interface JsonLdThing {
  types: string[];
  name: string | null;
  description: string | null;
  url: string | null;
  image: string | null;
  applicationCategory: string | null;
  keywords: string[];
  featureList: string[];
  offers: JsonLdOffer[];
}

export interface JsonLdOffer {
  name: string | null;
  /** As the page states it ("0", "29.00"); null when the offer names no price. */
  price: string | null;
  priceCurrency: string | null;
  /** "MONTH", "YEAR", "P1M"… from a UnitPriceSpecification, when stated. */
  billingPeriod: string | null;
}

/** What readPage took from one HTML page; all text is plain (entities decoded, whitespace folded). */
export interface PageFacts {
  /** The page's address after redirects. */
  url: string;
  lang: string | null;
  title: string | null;
  /** Meta and Open Graph tags by lowercased name or property: description, og:title, twitter:… */
  meta: Record<string, string>;
  jsonLd: JsonLdThing[];
  headings: { level: number; text: string }[];
  /** The visible main text, one block (paragraph, list item, cell) per line; at most 100,000 chars. */
  text: string;
  /** List items of the main content, as possible key features. */
  listItems: string[];
  /** An absolute link to a pricing or plans page on the same site. */
  pricingUrl: string | null;
  /** Links whose path or words name a pricing, security, integrations or privacy page. */
  links: PageLink[];
  /** An absolute http(s) address of the main image (og:image, twitter:image, JSON-LD image). */
  imageUrl: string | null;
}

/** A link of the page: its absolute address and its words. */
export interface PageLink {
  url: string;
  text: string;
}

/** The page itself or one of the tool's own pages read for buyer facts and plans. */
export interface SourcePage {
  url: string;
  topic: EvidenceTopic | "home";
  facts: PageFacts;
  /** Its text is already in the page's (the pricing page is read into it). */
  inMainText: boolean;
}

/** The model settings (LLM_*); absent: page-only drafts. */
export interface ModelSettings {
  baseUrl: string;
  apiKey: string | null;
  model: string;
}

/** A category with its subcategories, as the catalogue has them (the only names a draft picks). */
export interface TaxonomyEntry {
  category: string;
  subcategories: string[];
}

/** What drafting produced: the fields, whether the model's answer was used, and why not. */
export interface DraftOutcome {
  /** The tool's fields (no facts or plans: those are below). */
  draft: ToolDraft;
  /** Buyer facts with their quotes and pages, source "ai"; what no page states is absent. */
  facts: ToolFacts;
  plans: DraftedPlan[];
  usedModel: boolean;
  /** The model was asked and its answer was not used: the reason, in words (never a key). */
  modelProblem: string | null;
}

/** Progress of the current step, in words: stored on the job and shown live. */
export type ReportProgress = (message: string) => void;
