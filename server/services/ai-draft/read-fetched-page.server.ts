import type { DraftFailureCode } from "~/lib/ai-draft";
import { timedWorker } from "#server/core/timed-worker.server";
import { assertReadablePage } from "./check-page.server";
import type { FetchedPage } from "#server/net/guarded-fetch.server";
import { DraftFailure, type PageFacts } from "./draft-types.server";
import { decodePage, readPage } from "./read-page.server";

// Decision 024: a fetched page is anyone's HTML, up to 2 MB. Reading it (parsing, walking the tree,
// the wall checks' expressions) is linear for real pages but not for every page, and even linear
// it is more than 50 ms at 2 MB: it runs on a worker thread with a time limit.

/** What a page holds, and why it cannot be drafted from, when it cannot. */
export interface PageReading {
  facts: PageFacts;
  failure: { code: DraftFailureCode; detail?: string } | null;
}

/** A 2 MB page of real HTML is read in well under a second; a page past this is given up on. */
export const PAGE_READ_TIME_LIMIT_MS = 5_000;

/** The page's facts and the wall check's verdict, on the calling thread (the worker's). */
export function readFetchedPage(page: FetchedPage): PageReading {
  const facts = readPage(decodePage(page), page.finalUrl);
  try {
    assertReadablePage(page, facts);
    return { facts, failure: null };
  } catch (error) {
    if (!(error instanceof DraftFailure)) throw error;
    return { facts, failure: { code: error.code, detail: error.detail } };
  }
}

const reader = timedWorker<FetchedPage, PageReading>(
  new URL("./read-page.worker.mjs", import.meta.url),
);

/** readFetchedPage off the event loop; a page it cannot finish in time is `too_complex`. */
export async function readFetchedPageOffThread(
  page: FetchedPage,
  timeLimitMs = PAGE_READ_TIME_LIMIT_MS,
): Promise<PageReading> {
  const reading = await reader.run(page, timeLimitMs);
  if (!reading) throw new DraftFailure("too_complex");
  return reading;
}
