import { FetchFailure } from "#server/net/fetch-failure.server";
import {
  guardedFetch,
  type FetchedPage,
  type GuardedFetchOptions,
} from "#server/net/guarded-fetch.server";
import { DraftFailure } from "./draft-types.server";

/** guardedFetch for a step of a draft: the fetcher's failures become the draft's. */
export async function fetchForDraft(
  address: string,
  options: GuardedFetchOptions,
): Promise<FetchedPage> {
  try {
    return await guardedFetch(address, options);
  } catch (error) {
    throw error instanceof FetchFailure ? DraftFailure.fromFetch(error) : error;
  }
}
