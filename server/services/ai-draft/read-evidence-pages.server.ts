import { AI_DRAFT_LIMITS, type EvidencePageNote } from "~/lib/ai-draft";
import { chooseEvidencePages, isSameSite } from "./choose-evidence-pages.server";
import { DraftFailure, type PageFacts, type SourcePage } from "./draft-types.server";
import { fetchForDraft } from "./fetch-for-draft.server";
import { readFetchedPageOffThread } from "./read-fetched-page.server";

// The tool's own pricing, security, integrations and privacy pages, fetched one after another
// through the guarded fetcher with the page's limits but a shorter time: the draft is useful
// without them, so a page that fails is skipped and noted, never the draft's failure.

/** One evidence page's fetch: half the main page's, since the draft does not depend on it. */
const EVIDENCE_TIMEOUT_MS = AI_DRAFT_LIMITS.pageTimeoutMs / 2;

export interface EvidencePages {
  /** The pages read, in the order chosen. */
  pages: SourcePage[];
  /** Every page tried, with why it was skipped when it was. */
  notes: EvidencePageNote[];
}

export async function readEvidencePages(
  facts: PageFacts,
  options: {
    allowPrivate: boolean;
    signal?: AbortSignal;
    onProgress?: (message: string) => void;
  },
): Promise<EvidencePages> {
  const chosen = chooseEvidencePages(facts);
  const pages: SourcePage[] = [];
  const notes: EvidencePageNote[] = [];
  for (const [index, link] of chosen.entries()) {
    if (options.signal?.aborted) throw new DraftFailure("cancelled");
    options.onProgress?.(`Reading the ${link.topic} page (${index + 1} of ${chosen.length})`);
    try {
      const fetched = await fetchForDraft(link.url, {
        allowPrivate: options.allowPrivate,
        accept: "html",
        timeoutMs: EVIDENCE_TIMEOUT_MS,
        maxBytes: AI_DRAFT_LIMITS.pageBytes,
        signal: options.signal,
        checkRedirect: (url) => {
          if (!isSameSite(facts.url, url.toString())) {
            throw new DraftFailure("http_error", "It redirected to another site.");
          }
        },
      });
      const { facts: read, failure } = await readFetchedPageOffThread(fetched);
      if (failure) throw new DraftFailure(failure.code, failure.detail);
      pages.push({ url: fetched.finalUrl, topic: link.topic, facts: read, inMainText: false });
      notes.push({ url: link.url, topic: link.topic, problem: null });
    } catch (error) {
      if (!(error instanceof DraftFailure) || error.code === "cancelled") throw error;
      if (options.signal?.aborted) throw new DraftFailure("cancelled");
      notes.push({ url: link.url, topic: link.topic, problem: error.message });
    }
  }
  return { pages, notes };
}
