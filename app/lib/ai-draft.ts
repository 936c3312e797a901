import { z } from "zod";
import type { ToolFacts } from "./buyer-facts";
import type { PRICING_MODELS } from "./constants";
import type { PricingPlan } from "./pricing-plans";

// AI-assisted add: the rules, the job and draft shapes and the request schemas shared by
// the server (server/services/ai-draft/), the CLI (`npm run catalogue -- draft`) and the admin
// pages (app/features/admin/ai-add/). docs/ai-add.md explains the whole flow.

export const AI_DRAFT_LIMITS = {
  /** Addresses in one submission (pasted or from a file). */
  addresses: 100,
  /** The longest address accepted. */
  addressChars: 2_000,
  /** The largest address file the page reads (text or CSV). */
  fileBytes: 256 * 1024,
  /** Jobs one server runs at once; never two for one host (across servers too). */
  concurrency: 3,
  /** Redirects followed, each checked like the first address. */
  redirects: 5,
  /** The whole fetch of one page (connect, redirects, body). */
  pageTimeoutMs: 10_000,
  /** The page's body as received, decompressed. */
  pageBytes: 2 * 1024 * 1024,
  /** The tool's own security, pricing, integrations and privacy pages read after the page. */
  evidencePages: 4,
  /** The main image's body. */
  imageBytes: 5 * 1024 * 1024,
  /** The whole image fetch. */
  imageTimeoutMs: 10_000,
  /** One model request. */
  modelTimeoutMs: 60_000,
  /** Tries of one model request on 429, 5xx or a timeout (the first included). */
  modelTries: 4,
  /** The longest wait between tries, whatever Retry-After says. */
  modelMaxBackoffMs: 30_000,
  /** The page text sent to the model, in estimated tokens (about 4 characters each). */
  modelInputTokens: 6_000,
  /** An evidence quote: long enough to find, short enough to read. */
  evidenceChars: 300,
  /** Jobs the page lists (newest first). */
  listedJobs: 200,
} as const;

/** A job's state: queued until a runner takes it, then one step at a time to ready or failed. */
export const DRAFT_JOB_STATES = [
  "queued",
  "fetching",
  "reading",
  "drafting",
  "ready",
  "failed",
  "cancelled",
] as const;
export type DraftJobState = (typeof DRAFT_JOB_STATES)[number];

/** States a runner is working on (a cancel stops them at the next step). */
export const ACTIVE_DRAFT_STATES: readonly DraftJobState[] = [
  "queued",
  "fetching",
  "reading",
  "drafting",
];

export function isActiveDraftState(state: DraftJobState): boolean {
  return ACTIVE_DRAFT_STATES.includes(state);
}

/**
 * Every named failure of a job, with the words the admin reads. Whatever was drafted before the
 * failure stays on the job (at least the website from the address).
 */
export const DRAFT_FAILURES = {
  invalid_address: "This is not a web address we can fetch.",
  duplicate: "A tool with this website is already in the catalogue.",
  private_address: "The address leads to a private or internal network, which is never fetched.",
  unreachable: "The site could not be reached (no such host, or the connection was refused).",
  timeout: "The site took longer than 10 seconds to answer.",
  http_error: "The site answered with an error.",
  too_many_redirects: "The site redirected more than 5 times.",
  not_html: "The address is not a web page (HTML).",
  too_large: "The page is larger than 2 MB.",
  bot_challenge: "The site showed a bot check instead of its page, so there is nothing to read.",
  empty_page: "The page has no readable text.",
  needs_javascript: "The page shows its content only with JavaScript, so there is nothing to read.",
  too_complex:
    "The page could not be read within 5 seconds (its HTML is built to be slow to read).",
  interrupted: "The server stopped while drafting this address. Retry it.",
  internal: "Drafting this address failed on our side. Retry it.",
  cancelled: "Cancelled.",
} as const;
export type DraftFailureCode = keyof typeof DRAFT_FAILURES;

/** Where a drafted value came from: shown beside the field in the editor. */
export const DRAFT_SOURCES = ["json-ld", "meta", "page", "model", "address"] as const;
export type DraftSource = (typeof DRAFT_SOURCES)[number];

export const DRAFT_SOURCE_LABELS: Record<DraftSource, string> = {
  "json-ld": "JSON-LD",
  meta: "Meta tag",
  page: "Page text",
  model: "Model",
  address: "Address",
};

/** The tool fields a draft may fill: never ratings, views or likes, never an invented address. */
export const DRAFTED_FIELDS = [
  "name",
  "cardDescription",
  "longDescription",
  "keyFeatures",
  "hashtags",
  "category",
  "subCategory",
  "pricingModel",
  "pricingAmount",
  "seoTitle",
  "seoDescription",
  "websiteUrl",
  "mainImage",
] as const;
export type DraftedFieldName = (typeof DRAFTED_FIELDS)[number];

/** Fields the model may draft (and the admin may redraft alone). */
export const REDRAFTABLE_FIELDS = DRAFTED_FIELDS.filter(
  (field) => field !== "websiteUrl" && field !== "mainImage",
);

export type PricingModel = (typeof PRICING_MODELS)[number];

interface DraftedValues {
  name: string;
  cardDescription: string;
  longDescription: string;
  keyFeatures: string[];
  hashtags: string[];
  category: string;
  subCategory: string;
  pricingModel: PricingModel;
  pricingAmount: string;
  seoTitle: string;
  seoDescription: string;
  websiteUrl: string;
  /** A stored image path (`uploads/…webp`), fetched through the guarded fetcher. */
  mainImage: string;
}

/** One drafted value with its provenance. */
export interface DraftedField<T> {
  value: T;
  source: DraftSource;
  /** A short quote from the page (or the address) the value rests on. */
  evidence: string;
  /** A category or subcategory the taxonomy does not have yet: a proposal, not a choice. */
  proposal?: boolean;
}

/** A drafted plan with the words of the page it rests on and that page's address. */
export type DraftedPlan = PricingPlan & { quote: string; evidenceUrl: string };

/** What the tool's own pages read for its buyer facts and plans are about. */
export const EVIDENCE_TOPICS = ["pricing", "security", "integrations", "privacy"] as const;
export type EvidenceTopic = (typeof EVIDENCE_TOPICS)[number];

/** One page of the tool's site read for facts and plans; a page that failed says why. */
export interface EvidencePageNote {
  url: string;
  topic: EvidenceTopic;
  /** Why the page was skipped (it failed to load or read), or null when it was read. */
  problem: string | null;
}

/** A draft: only the fields something on the page supports. */
export type ToolDraft = { [K in DraftedFieldName]?: DraftedField<DraftedValues[K]> };

/** The buyer facts (each `ai`, with its quote and page) and plans the tool's pages state. */
export interface DraftedBuyerFacts {
  facts?: ToolFacts;
  plans?: DraftedPlan[];
  /** The tool's own pages read for them, a skipped one with its reason. */
  evidencePages?: EvidencePageNote[];
}

/** A job's draft: its fields, and beside them its buyer facts and plans. */
export type JobDraft = ToolDraft & DraftedBuyerFacts;

/** One job as the admin page lists it. */
export interface DraftJobSummary {
  id: number;
  /** The address as pasted. */
  address: string;
  /** The normalised address fetched first. */
  url: string;
  /** Where the last redirect ended, when it differs. */
  finalUrl: string | null;
  state: DraftJobState;
  /** What the current step is doing ("Fetched 412 KB", "Asking the model, try 2 of 4"). */
  progress: string | null;
  failure: { code: DraftFailureCode; message: string } | null;
  /** The catalogue tool with the same site. */
  duplicateOf: { id: string; name: string; path: string } | null;
  /** How many fields the draft has (0 before drafting). */
  draftedFields: number;
  /** Whether a model drafted (false: page-only, no LLM_* settings or the model failed). */
  usedModel: boolean;
  /** Why the model's draft was not used, when it was asked and failed. */
  modelProblem: string | null;
  /** The tool saved from this draft. */
  savedTool: { id: string; name: string; path: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** One job with its draft, for the review page. */
export interface DraftJob extends DraftJobSummary {
  draft: JobDraft;
}

/**
 * Reads a pasted list or an address file (text or CSV): one address per line, or separated by
 * commas, semicolons, tabs or spaces; cells that are not addresses (a header such as "url") are
 * skipped. Repeats are dropped, keeping the first.
 */
export function readAddressList(text: string): string[] {
  const seen = new Set<string>();
  const addresses: string[] = [];
  // Invisible format characters (bidi marks, zero-width spaces) separate like spaces.
  for (const cell of text.replace(/\p{Cf}/gu, " ").split(/[\s,;]+/)) {
    const candidate = cell.trim().replace(/^["']+|["']+$/g, "");
    if (!looksLikeAddress(candidate)) continue;
    if (seen.has(candidate)) continue;
    seen.add(candidate);
    addresses.push(candidate);
  }
  return addresses;
}

/**
 * A cell that names a site: a scheme with something after it ("javascript:x" too, so that it is
 * refused in words rather than skipped), or a dotted host ("example.com/pricing").
 */
function looksLikeAddress(cell: string): boolean {
  if (cell.length === 0) return false;
  if (/^[a-z][a-z0-9+.-]*:[^\d\s]/i.test(cell)) return true;
  return /^[^\s/.]+(\.[^\s/.]+)+(\/.*)?$/.test(cell) && !/^\d+(\.\d+)?$/.test(cell);
}

/** Query parameters that only track a visit; dropped from every address before anything else. */
const TRACKING_PARAMETER =
  /^(utm_\w+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|yclid|twclid|igshid|mc_cid|mc_eid|_hsenc|_hsmi|_ga|_gl|ref|ref_src|source|via|si)$/i;

export type NormalisedAddress =
  | { ok: true; url: string; host: string; siteKey: string }
  | { ok: false; code: "invalid_address"; message: string };

/**
 * Https added when no scheme is given, tracking parameters and the fragment dropped,
 * the host lowercased (and punycoded by URL). Only http and https, without credentials; anything
 * else is refused with the reason. The guarded fetcher checks the rest (ports, addresses).
 */
export function normaliseAddress(text: string): NormalisedAddress {
  const trimmed = text.trim();
  const refuse = (message: string): NormalisedAddress => ({
    ok: false,
    code: "invalid_address",
    message,
  });
  if (trimmed.length === 0) return refuse("The address is empty.");
  if (trimmed.length > AI_DRAFT_LIMITS.addressChars) {
    return refuse(`The address is longer than ${AI_DRAFT_LIMITS.addressChars} characters.`);
  }
  const withScheme =
    /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^:/]+:\d/.test(trimmed)
      ? trimmed
      : `https://${trimmed.replace(/^\/+/, "")}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return refuse("This is not a web address.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return refuse("Only http and https addresses are fetched.");
  }
  if (url.username || url.password)
    return refuse("Addresses with a user name or password are not fetched.");
  if (
    !url.hostname ||
    (!url.hostname.includes(".") && !isIpLiteral(url.hostname) && url.hostname !== "localhost")
  ) {
    return refuse("The address has no site name.");
  }
  url.hash = "";
  for (const key of [...url.searchParams.keys()]) {
    if (TRACKING_PARAMETER.test(key)) url.searchParams.delete(key);
  }
  url.search = url.searchParams.size > 0 ? `?${url.searchParams.toString()}` : "";
  return { ok: true, url: url.toString(), host: url.hostname, siteKey: siteKeyOf(url) };
}

function isIpLiteral(hostname: string): boolean {
  return /^\[.*\]$/.test(hostname) || /^\d+$/.test(hostname) || /^0x[0-9a-f]+$/i.test(hostname);
}

/**
 * What "the same site" means for duplicates: the host without "www." and the path without a
 * trailing slash ("jasper.ai", "huggingface.co/spaces/a/b"). Two addresses are the same site when
 * their hosts match and either path is the root or the paths match (sameSite).
 */
export function siteKeyOf(url: URL): string {
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const path = url.pathname.replace(/\/+$/, "").toLowerCase();
  return `${host}${path}`;
}

export function sameSite(a: string, b: string): boolean {
  const [hostA, ...pathA] = a.split("/");
  const [hostB, ...pathB] = b.split("/");
  if (hostA !== hostB) return false;
  return pathA.length === 0 || pathB.length === 0 || pathA.join("/") === pathB.join("/");
}

/** POST /api/admin/ai-drafts: the pasted text or the file's text. */
export const submitAddressesSchema = z.object(
  {
    addresses: z
      .string({ error: "Paste one or more web addresses." })
      .max(AI_DRAFT_LIMITS.fileBytes, "The list is too long: send at most 100 addresses."),
  },
  { error: 'Send the addresses as { "addresses": "one per line" }.' },
);

/** POST /api/admin/ai-drafts/:id/retry */
export const retryDraftSchema = z.object(
  {
    /** Draft even though a catalogue tool has the same site ("Draft anyway"). */
    ignoreDuplicate: z.boolean({ error: "ignoreDuplicate must be true or false." }).default(false),
  },
  { error: 'Send the retry as { "ignoreDuplicate": true } or {}.' },
);

/** POST /api/admin/ai-drafts/:id/redraft */
export const redraftFieldSchema = z.object(
  { field: z.enum(REDRAFTABLE_FIELDS, { error: "Choose a field that can be redrafted." }) },
  { error: 'Send the field to redraft as { "field": "cardDescription" }.' },
);
