import {
  AI_DRAFT_LIMITS,
  type DraftedBuyerFacts,
  normaliseAddress,
  siteKeyOf,
  type ToolDraft,
} from "~/lib/ai-draft";
import type { LinkedTool } from "#server/snapshot/tool-shapes.server";
import { draftFromTags } from "./draft-from-page.server";
import { draftTool } from "./draft-tool.server";
import {
  DraftFailure,
  type ModelSettings,
  type PageFacts,
  type SourcePage,
  type TaxonomyEntry,
} from "./draft-types.server";
import { fetchMainImage } from "./fetch-main-image.server";
import { readFetchedPageOffThread } from "./read-fetched-page.server";
import { PAGE_TEXT_CHARS } from "./read-page.server";
import { fetchForDraft } from "./fetch-for-draft.server";
import { readEvidencePages } from "./read-evidence-pages.server";

/** A catalogue tool with the same site as an address. */
export type DuplicateTool = LinkedTool;

/** The steps a job shows while it runs. */
export type DraftStep = "fetching" | "reading" | "drafting";

export interface DraftAddressDeps {
  allowPrivate: boolean;
  /** Where the main image is stored; absent (the CLI), the image is not fetched. */
  mediaDir?: string;
  taxonomy: TaxonomyEntry[];
  model: ModelSettings | null;
  /** The catalogue tool with this site, checked before the fetch and after every redirect. */
  findDuplicate?(siteKey: string): Promise<DuplicateTool | null>;
  /** "Draft anyway": the duplicate check is skipped. */
  ignoreDuplicate?: boolean;
  signal?: AbortSignal;
  onStep?(state: DraftStep, progress: string | null): void;
}

export interface DraftedAddress {
  finalUrl: string;
  draft: ToolDraft;
  /** Beside the fields: the buyer facts and plans the tool's pages state, and the pages read. */
  buyerFacts: DraftedBuyerFacts;
  usedModel: boolean;
  modelProblem: string | null;
  page: PageFacts | null;
}

/**
 * A named failure with what was drafted before it (at least the website from the address), the
 * address reached, and the catalogue tool when the failure is a duplicate.
 */
export class DraftAddressFailure extends DraftFailure {
  constructor(
    failure: DraftFailure,
    readonly partial: ToolDraft,
    readonly finalUrl: string | null,
    readonly duplicateOf: DuplicateTool | null = null,
  ) {
    super(failure.code, failure.detail);
  }
}

/**
 * One address to a draft, step by step — normalise, check for a duplicate, fetch
 * through the guarded fetcher, read, refuse what is not a readable page, read the tool's own
 * pricing, security, integrations and privacy pages it links (a few, each allowed to fail), draft
 * the fields, buyer facts and plans (page-only or with the model), then fetch the main image. Used by the job runner and by `catalogue draft`.
 */
export async function draftAddress(
  address: string,
  deps: DraftAddressDeps,
): Promise<DraftedAddress> {
  const normalised = normaliseAddress(address);
  if (!normalised.ok) {
    throw new DraftAddressFailure(
      new DraftFailure("invalid_address", normalised.message),
      {},
      null,
    );
  }
  const partial: ToolDraft = {
    websiteUrl: { value: normalised.url, source: "address", evidence: normalised.url },
  };
  let finalUrl = normalised.url;
  let duplicateOf: DuplicateTool | null = null;
  const checkDuplicate = async (siteKey: string) => {
    if (deps.ignoreDuplicate || !deps.findDuplicate) return;
    const duplicate = await deps.findDuplicate(siteKey);
    if (!duplicate) return;
    duplicateOf = duplicate;
    throw new DraftFailure("duplicate", `It is "${duplicate.name}".`);
  };
  let step: DraftStep = "fetching";
  const enter = (next: DraftStep, progress: string | null = null) => {
    if (deps.signal?.aborted) throw new DraftFailure("cancelled");
    step = next;
    deps.onStep?.(next, progress);
  };
  const onProgress = (message: string) => deps.onStep?.(step, message);

  try {
    await checkDuplicate(normalised.siteKey);
    enter("fetching", `Fetching ${normalised.host}`);
    const fetched = await fetchForDraft(normalised.url, {
      allowPrivate: deps.allowPrivate,
      accept: "html",
      timeoutMs: AI_DRAFT_LIMITS.pageTimeoutMs,
      maxBytes: AI_DRAFT_LIMITS.pageBytes,
      signal: deps.signal,
      onProgress,
      checkRedirect: (url) => {
        // A duplicate found after a redirect names where the redirect led.
        finalUrl = url.toString();
        return checkDuplicate(siteKeyOf(url));
      },
    });
    finalUrl = fetched.finalUrl;
    if (finalUrl !== normalised.url) {
      partial.websiteUrl = { value: finalUrl, source: "address", evidence: finalUrl };
    }

    enter("reading", "Reading the page");
    const { facts: mainFacts, failure } = await readFetchedPageOffThread(fetched);
    if (failure) {
      // A bot check's tags are the bot check's; another unreadable page's are the site's own.
      if (failure.code !== "bot_challenge") {
        Object.assign(partial, draftFromTags(mainFacts, deps.taxonomy), {
          websiteUrl: partial.websiteUrl,
        });
      }
      throw new DraftFailure(failure.code, failure.detail);
    }
    const evidence = await readEvidencePages(mainFacts, {
      allowPrivate: deps.allowPrivate,
      signal: deps.signal,
      onProgress,
    });
    const facts = withPricingPage(mainFacts, evidence.pages);

    enter("drafting", deps.model ? "Asking the model" : "Drafting from the page");
    const outcome = await draftTool({
      facts,
      taxonomy: deps.taxonomy,
      model: deps.model,
      sources: [
        { url: mainFacts.url, topic: "home", facts: mainFacts, inMainText: true },
        ...evidence.pages,
      ],
      signal: deps.signal,
      onProgress,
    });
    const draft: ToolDraft = { ...partial, ...outcome.draft };
    const buyerFacts: DraftedBuyerFacts = {};
    if (Object.keys(outcome.facts).length > 0) buyerFacts.facts = outcome.facts;
    if (outcome.plans.length > 0) buyerFacts.plans = outcome.plans;
    if (evidence.notes.length > 0) buyerFacts.evidencePages = evidence.notes;
    if (facts.imageUrl && deps.mediaDir) {
      onProgress("Fetching the main image");
      const image = await fetchMainImage(facts.imageUrl, {
        allowPrivate: deps.allowPrivate,
        mediaDir: deps.mediaDir,
        signal: deps.signal,
      });
      if (image) draft.mainImage = image;
    }
    if (deps.signal?.aborted) throw new DraftFailure("cancelled");
    return {
      finalUrl,
      draft,
      buyerFacts,
      usedModel: outcome.usedModel,
      modelProblem: outcome.modelProblem,
      page: facts,
    };
  } catch (error) {
    if (error instanceof DraftFailure) {
      throw new DraftAddressFailure(error, partial, finalUrl, duplicateOf);
    }
    throw error;
  }
}

/**
 * The page's text with its pricing page's text after it (plans and prices often live only there),
 * and that page marked as read into it.
 */
function withPricingPage(facts: PageFacts, pages: SourcePage[]): PageFacts {
  const pricing = pages.find((page) => page.topic === "pricing");
  if (!pricing) return facts;
  pricing.inMainText = true;
  return {
    ...facts,
    text: `${facts.text}\n${pricing.facts.text}`.slice(0, PAGE_TEXT_CHARS),
    jsonLd: [...facts.jsonLd, ...pricing.facts.jsonLd.filter((thing) => thing.offers.length > 0)],
  };
}
