import {
  AI_DRAFT_LIMITS,
  DRAFTED_FIELDS,
  readAddressList,
  type DraftedField,
  type DraftedFieldName,
  type DraftJobState,
  type DraftJobSummary,
  type JobDraft,
} from "~/lib/ai-draft";
import { plural } from "~/lib/tool";
import { EMPTY_TOOL_INPUT, toFormValues, type ToolFormValues } from "~/lib/tool-input";

export const STATE_LABELS: Record<DraftJobState, string> = {
  queued: "Queued",
  fetching: "Fetching",
  reading: "Reading",
  drafting: "Drafting",
  ready: "Ready",
  failed: "Failed",
  cancelled: "Cancelled",
};

export const FIELD_LABELS: Record<DraftedFieldName, string> = {
  name: "name",
  cardDescription: "card description",
  longDescription: "long description",
  keyFeatures: "key features",
  hashtags: "hashtags",
  category: "category",
  subCategory: "subcategory",
  pricingModel: "pricing model",
  pricingAmount: "price",
  seoTitle: "SEO title",
  seoDescription: "SEO meta description",
  websiteUrl: "website",
  mainImage: "main image",
};

/** What the address box holds, checked before anything is sent. */
interface AddressCount {
  count: number;
  problem: string | null;
}

export function countAddresses(text: string): AddressCount {
  const count = readAddressList(text).length;
  if (count > AI_DRAFT_LIMITS.addresses) {
    return {
      count,
      problem: `${count} addresses found: send at most ${AI_DRAFT_LIMITS.addresses} at a time.`,
    };
  }
  return { count, problem: null };
}

export const NOT_TEXT_FILE = "This file is not a text or CSV file.";

/** Spreadsheet programs on Windows label CSV files as Excel ones. */
const TEXT_FILE_TYPES = new Set(["text/plain", "text/csv", "application/vnd.ms-excel"]);

/** An address file the page refuses before reading it, or null to read it. */
export function refuseAddressFile(file: {
  name: string;
  size: number;
  type: string;
}): string | null {
  const isTextType =
    TEXT_FILE_TYPES.has(file.type.toLowerCase()) ||
    (file.type === "" && /\.(txt|csv)$/i.test(file.name));
  if (!isTextType) return NOT_TEXT_FILE;
  if (file.size > AI_DRAFT_LIMITS.fileBytes) {
    return `"${file.name}" is larger than ${AI_DRAFT_LIMITS.fileBytes / 1024} KB: an address list of 100 lines is far smaller. Choose a text or CSV file of addresses.`;
  }
  return null;
}

/**
 * A file's decoded content the page refuses, or null: a binary file labelled as text (a NUL
 * byte, or many bytes that are not UTF-8) would otherwise be read as addresses.
 */
export function refuseAddressText(content: string): string | null {
  if (content.includes("\u0000")) return NOT_TEXT_FILE;
  const replaced = content.split("\uFFFD").length - 1;
  return replaced >= 8 || replaced * 20 > content.length ? NOT_TEXT_FILE : null;
}

/** A failure's words end a sentence before the next one starts ("... HTTP 404." then "Retry it"). */
const asSentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** Why a job's draft cannot be reviewed (it failed or was cancelled before anything was drafted). */
export function explainUnfinished(job: Pick<DraftJobSummary, "state" | "failure">): string {
  const what = job.state === "failed" ? "failed" : "was cancelled";
  const failure = job.failure ? `: ${asSentence(job.failure.message)}` : ".";
  return `This job ${what} before anything worth reviewing was drafted${failure} Retry it from the list.`;
}

/** A ready job has a draft worth reviewing; a failed one only when more than its address was drafted. */
export function reviewLinkOf(job: DraftJobSummary): string | null {
  if (job.savedTool) return null;
  if (job.state === "ready") return "Review draft";
  if (job.state === "failed" && job.draftedFields > 1) return "Open what was drafted";
  return null;
}

/** Removing throws away a draft not yet saved as a tool: a ready one, or what a failed job drafted. */
export const asksBeforeRemoving = (job: DraftJobSummary) => reviewLinkOf(job) !== null;

/**
 * The form's values for a draft: every drafted field in its place, the drafted buyer facts and
 * plans in the editor's own sections (without their quotes: a plan has none once saved), the rest
 * as a manual add.
 */
export function draftToFormValues(draft: JobDraft): ToolFormValues {
  const plans = (draft.plans ?? []).map(({ quote: _quote, evidenceUrl: _page, ...plan }) => plan);
  let values = toFormValues({ ...EMPTY_TOOL_INPUT, facts: draft.facts ?? {}, plans });
  for (const field of DRAFTED_FIELDS) {
    const drafted = draft[field];
    if (drafted) values = applyDraftedField(values, field, drafted);
  }
  return values;
}

/** One drafted value placed into the form (a redraft replaces only that field). */
export function applyDraftedField(
  values: ToolFormValues,
  field: DraftedFieldName,
  drafted: DraftedField<unknown>,
): ToolFormValues {
  const text = typeof drafted.value === "string" ? drafted.value : "";
  const list = Array.isArray(drafted.value) ? drafted.value.map(String) : [];
  switch (field) {
    case "keyFeatures":
    case "hashtags":
      return { ...values, [field]: list };
    case "pricingModel":
      return { ...values, pricing: { ...values.pricing, model: text } };
    case "pricingAmount":
      return { ...values, pricing: { ...values.pricing, amount: text } };
    case "seoTitle":
      return { ...values, seo: { ...values.seo, titleTag: text } };
    case "seoDescription":
      return { ...values, seo: { ...values.seo, metaDescription: text } };
    case "mainImage":
      return { ...values, mainImage: text, image: text };
    default:
      return { ...values, [field]: text };
  }
}

const FINISHED: readonly DraftJobState[] = ["ready", "failed", "cancelled"];

/**
 * One polite sentence for screen readers about what finished since the last look ("2 drafts
 * ready. 1 failed."), or "" when nothing did: the rows themselves are not announced.
 */
export function describeChanges(before: DraftJobSummary[], after: DraftJobSummary[]): string {
  const previous = new Map(before.map((job) => [job.id, job.state]));
  const finished: Record<"ready" | "failed" | "cancelled", number> = {
    ready: 0,
    failed: 0,
    cancelled: 0,
  };
  let queued = 0;
  for (const job of after) {
    const was = previous.get(job.id);
    if (was === job.state) continue;
    if (was === undefined && !FINISHED.includes(job.state)) queued += 1;
    else if (job.state === "ready" || job.state === "failed" || job.state === "cancelled") {
      finished[job.state] += 1;
    }
  }
  return [
    queued > 0 && `${queued} ${queued === 1 ? "address" : "addresses"} queued.`,
    finished.ready > 0 && `${plural(finished.ready, "draft")} ready.`,
    finished.failed > 0 && `${finished.failed} failed.`,
    finished.cancelled > 0 && `${finished.cancelled} cancelled.`,
  ]
    .filter(Boolean)
    .join(" ");
}
