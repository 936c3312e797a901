// A call retried with exponential backoff (the analytics configuration fetch). Pure:
// it knows nothing of HTTP; the policy says which failures are retried, how often, and what wait
// the server asked for.

export interface BackoffPolicy {
  /** Each attempt is aborted after this long, and then not retried. */
  timeoutMs: number;
  /** The first retry waits this long; each further one twice as long as the last. */
  baseMs: number;
  /** No wait is longer, whatever the doubling or the server asks. */
  maxBackoffMs: number;
  /** How many retries in all a failure of this kind allows; 0 for one never retried. */
  retryLimitOf: (error: unknown) => number;
  /** The wait the server asked for with this failure (Retry-After), if any. */
  requestedWaitMsOf?: (error: unknown) => number | null;
}

/** The wait before retry `retry` (0 for the first): base × 2^retry, at most the cap. */
export function backoffDelayMs(retry: number, baseMs: number, maxBackoffMs: number): number {
  return Math.min(baseMs * 2 ** retry, maxBackoffMs);
}

/** Thrown in place of an attempt that ran past the policy's timeout. */
export class AttemptTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The attempt took longer than ${timeoutMs} ms.`);
    this.name = "AttemptTimeoutError";
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function attemptWithTimeout<T>(
  attempt: (signal: AbortSignal) => Promise<T>,
  timeoutMs: number,
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new AttemptTimeoutError(timeoutMs));
    }, timeoutMs);
  });
  try {
    return await Promise.race([attempt(controller.signal), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `attempt` until it succeeds or a failure is not to be retried (then that failure is
 * thrown). Retry n (0-based) waits backoffDelayMs(n), or longer when the server asked for it, up
 * to the cap. Retries are counted together: a failure gives up once as many retries were made as
 * its kind allows.
 */
export async function retryWithBackoff<T>(
  attempt: (signal: AbortSignal) => Promise<T>,
  policy: BackoffPolicy,
): Promise<T> {
  for (let retries = 0; ; retries++) {
    try {
      return await attemptWithTimeout(attempt, policy.timeoutMs);
    } catch (error) {
      if (retries >= policy.retryLimitOf(error)) throw error;
      const backoff = backoffDelayMs(retries, policy.baseMs, policy.maxBackoffMs);
      const requested = policy.requestedWaitMsOf?.(error) ?? 0;
      await wait(Math.min(Math.max(backoff, requested), policy.maxBackoffMs));
    }
  }
}
