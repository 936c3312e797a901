import {
  type DraftedField,
  type DraftedFieldName,
  type JobDraft,
  REDRAFTABLE_FIELDS,
  type ToolDraft,
} from "~/lib/ai-draft";
import { utcDayOf } from "~/lib/utc-days";
import { type AskModelOptions, ModelError } from "./ask-model.server";
import { draftFromPage, draftWebsite, pageCandidates } from "./draft-from-page.server";
import {
  DraftFailure,
  type DraftOutcome,
  type ModelSettings,
  type PageFacts,
  type ReportProgress,
  type SourcePage,
  type TaxonomyEntry,
} from "./draft-types.server";
import { draftWithModel } from "./draft-with-model.server";
import { readBuyerFacts } from "./read-buyer-facts.server";
import { readPricingPlans } from "./read-pricing-plans.server";

// The page-only draft always; with a model, its checked fields over it. Prices
// stated in JSON-LD stay when the model disagrees, and the website is always the address. Buyer
// facts and plans come apart from the fields: the job keeps them beside them in its draft.

export interface DraftToolInput {
  facts: PageFacts;
  taxonomy: TaxonomyEntry[];
  model: ModelSettings | null;
  /** The pricing page's text, when the caller fetched it. */
  pricingText?: string | null;
  /**
   * The pages buyer facts and plans are read from: the page's own, then the tool's security,
   * pricing, integrations and privacy pages. Absent: the page alone.
   */
  sources?: readonly SourcePage[];
  /** The day drafted facts are checked (YYYY-MM-DD, UTC); today unless a test says. */
  today?: string;
  signal?: AbortSignal;
  onProgress?: ReportProgress;
  /** Test seams for the model client (fake timers' sleep, a shorter timeout). */
  ask?: Omit<AskModelOptions, "signal" | "onProgress">;
}

function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DraftFailure("cancelled");
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The tool's fields, and its buyer facts and plans: read from the pages, then the model's checked
 * ones over them (a fact the model gives replaces the page's; its plans replace the page's when it
 * gives any).
 */
export async function draftTool(input: DraftToolInput): Promise<DraftOutcome> {
  const pageDraft = draftFromPage(input.facts, input.taxonomy);
  pageDraft.websiteUrl = draftWebsite(input.facts);
  const today = input.today ?? utcDayOf(new Date());
  const sources = input.sources ?? [
    { url: input.facts.url, topic: "home" as const, facts: input.facts, inMainText: true },
  ];
  const pagePlans = readPricingPlans(sources);
  const pageFacts = readBuyerFacts(sources, pagePlans, today);
  const pageOnly = { draft: pageDraft, facts: pageFacts, plans: pagePlans };
  if (!input.model) return { ...pageOnly, usedModel: false, modelProblem: null };
  throwIfCancelled(input.signal);
  let modelDraft: JobDraft;
  try {
    modelDraft = await draftWithModel({
      facts: input.facts,
      taxonomy: input.taxonomy,
      model: input.model,
      pricingText: input.pricingText,
      sources,
      today,
      signal: input.signal,
      onProgress: input.onProgress,
      ask: input.ask,
    });
  } catch (error) {
    throwIfCancelled(input.signal);
    const problem = error instanceof ModelError ? error.message : "The model request failed.";
    return { ...pageOnly, usedModel: false, modelProblem: problem };
  }
  const {
    facts: modelFacts = {},
    plans: modelPlans = [],
    evidencePages: _notAsked,
    ...modelFields
  } = modelDraft;
  const draft: ToolDraft = { ...pageDraft, ...modelFields };
  if (modelDraft.category && !modelDraft.subCategory && pageDraft.subCategory) {
    const entry = input.taxonomy.find((item) => item.category === modelDraft.category!.value);
    if (!entry?.subcategories.includes(pageDraft.subCategory.value)) delete draft.subCategory;
  }
  for (const name of ["pricingModel", "pricingAmount"] as const) {
    const stated = pageDraft[name];
    if (stated?.source === "json-ld") (draft as Record<string, unknown>)[name] = stated;
  }
  draft.websiteUrl = pageDraft.websiteUrl;
  return {
    draft,
    facts: { ...pageFacts, ...modelFacts },
    plans: modelPlans.length > 0 ? modelPlans : pagePlans,
    usedModel: true,
    modelProblem: null,
  };
}

export interface RedraftInput {
  facts: PageFacts;
  taxonomy: TaxonomyEntry[];
  model: ModelSettings | null;
  current: ToolDraft;
  pricingText?: string | null;
  signal?: AbortSignal;
  ask?: Omit<AskModelOptions, "signal" | "onProgress">;
}

/**
 * One field drafted again. With a model: the model asked for that field alone (told the current
 * value, to draft a different one). Without one, or when the model gives nothing usable: the next
 * page candidate unlike the current value. Null when there is nothing else to offer.
 */
export async function redraftField(
  field: DraftedFieldName,
  input: RedraftInput,
): Promise<DraftedField<unknown> | null> {
  const current = input.current[field]?.value;
  if (field === "websiteUrl") return draftWebsite(input.facts);
  const redraftable = REDRAFTABLE_FIELDS.find((name) => name === field);
  if (input.model && redraftable) {
    throwIfCancelled(input.signal);
    try {
      const drafted = await draftWithModel({
        facts: input.facts,
        taxonomy: input.taxonomy,
        model: input.model,
        fields: [redraftable],
        pricingText: input.pricingText,
        avoid: current,
        chosenCategory:
          redraftable === "subCategory" ? (input.current.category?.value ?? null) : null,
        signal: input.signal,
        ask: input.ask,
      });
      const value = drafted[redraftable];
      if (value && !sameValue(value.value, current)) return value;
    } catch (error) {
      throwIfCancelled(input.signal);
      if (!(error instanceof ModelError)) throw error;
    }
  }
  const candidates = (pageCandidates(input.facts, input.taxonomy)[field] ??
    []) as DraftedField<unknown>[];
  return candidates.find((candidate) => !sameValue(candidate.value, current)) ?? null;
}
