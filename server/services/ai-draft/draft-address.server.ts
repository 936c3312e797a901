import { AI_DRAFT_LIMITS, normaliseAddress, siteKeyOf, type ToolDraft } from "~/lib/ai-draft";
import type { LinkedTool } from "#server/snapshot/tool-shapes.server";
import { draftFromTags } from "./draft-from-page.server";
import { draftTool } from "./draft-tool.server";
import {
  DraftFailure,
  type ModelSettings,
  type PageFacts,
  type TaxonomyEntry,
} from "./draft-types.server";
import { fetchMainImage } from "./fetch-main-image.server";
import { readFetchedPageOffThread } from "./read-fetched-page.server";
import { PAGE_TEXT_CHARS } from "./read-page.server";
import { fetchForDraft } from "./fetch-for-draft.server";

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
 * through the guarded fetcher, read, refuse what is not a readable page, draft (page-only or with
 * the model), then fetch the main image. Used by the job runner and by `catalogue draft`.
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
    const facts = await withPricingPage(mainFacts, deps, onProgress);

    enter("drafting", deps.model ? "Asking the model" : "Drafting from the page");
    const outcome = await draftTool({
      facts,
      taxonomy: deps.taxonomy,
      model: deps.model,
      signal: deps.signal,
      onProgress,
    });
    const draft: ToolDraft = { ...partial, ...outcome.draft };
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

/** The pricing page's fetch: a short budget, since the draft is useful without it. */
const PRICING_TIMEOUT_MS = AI_DRAFT_LIMITS.pageTimeoutMs / 2;

/**
 * The page's text with its pricing page's text after it, when the page links one on its own host:
 * plans and prices often live only there. Any problem with that page leaves the facts as they
 * were.
 */
async function withPricingPage(
  facts: PageFacts,
  deps: DraftAddressDeps,
  onProgress: (message: string) => void,
): Promise<PageFacts> {
  if (!facts.pricingUrl || facts.pricingUrl === facts.url) return facts;
  if (new URL(facts.pricingUrl).host !== new URL(facts.url).host) return facts;
  onProgress("Reading the pricing page");
  try {
    const fetched = await fetchForDraft(facts.pricingUrl, {
      allowPrivate: deps.allowPrivate,
      accept: "html",
      timeoutMs: PRICING_TIMEOUT_MS,
      maxBytes: AI_DRAFT_LIMITS.pageBytes,
      signal: deps.signal,
    });
    if (new URL(fetched.finalUrl).host !== new URL(facts.url).host) return facts;
    const { facts: pricing } = await readFetchedPageOffThread(fetched);
    return {
      ...facts,
      text: `${facts.text}\n${pricing.text}`.slice(0, PAGE_TEXT_CHARS),
      jsonLd: [...facts.jsonLd, ...pricing.jsonLd.filter((thing) => thing.offers.length > 0)],
    };
  } catch (error) {
    if (!(error instanceof DraftFailure)) throw error;
    return facts;
  }
}
