import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_ANALYTICS_CONFIG, type AnalyticsConfig } from "~/lib/analytics";
import { CONFIG_FETCH_POLICY, loadAnalyticsConfig } from "~/client/analytics/config";
import { ApiError } from "~/client/api/request";
import { AttemptTimeoutError, backoffDelayMs, retryWithBackoff } from "~/client/retry-with-backoff";

// The analytics configuration fetch's schedule, exactly, on fake timers.

const CONFIG: AnalyticsConfig = { enabledEvents: ["page_view", "app_exception"], sampleRate: 0.5 };

function refusal(status: number, retryAfterMs: number | null = null) {
  const error = new ApiError(status, "", `HTTP ${status}`);
  error.retryAfterMs = retryAfterMs;
  return error;
}

/** An attempt answering from a script of outcomes, noting when each call started. */
function scripted(outcomes: (ApiError | AnalyticsConfig)[]) {
  const startedAt: number[] = [];
  const attempt = vi.fn(async () => {
    startedAt.push(Date.now());
    const outcome = outcomes[Math.min(startedAt.length - 1, outcomes.length - 1)]!;
    if (outcome instanceof ApiError) throw outcome;
    return outcome;
  });
  const waits = () => startedAt.slice(1).map((time, index) => time - startedAt[index]!);
  return { attempt, waits };
}

async function settle<T>(promise: Promise<T>) {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

const doubling = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000];

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

describe("the backoff schedule", () => {
  it("doubles from 1,000 ms and stops at 60 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 29].map((n) => backoffDelayMs(n, 1_000, 60_000))).toEqual([
      ...doubling,
      60_000,
      60_000,
      60_000,
    ]);
  });

  it("retries 503 thirty times with the doubling waits, and the 31st 503 gives up", async () => {
    const { attempt, waits } = scripted([refusal(503)]);
    const outcome = await settle(retryWithBackoff(attempt, CONFIG_FETCH_POLICY));
    expect(outcome).toEqual({ error: expect.objectContaining({ status: 503 }) });
    expect(attempt).toHaveBeenCalledTimes(31);
    expect(waits()).toEqual([...doubling, ...Array<number>(24).fill(60_000)]);
  });

  it("succeeds on the attempt after a run of 503s", async () => {
    const { attempt, waits } = scripted([refusal(503), refusal(503), refusal(503), CONFIG]);
    expect(await settle(retryWithBackoff(attempt, CONFIG_FETCH_POLICY))).toEqual({
      value: CONFIG,
    });
    expect(waits()).toEqual([1_000, 2_000, 4_000]);
  });

  it.each([429, 500, 504])("retries %i five times, and the sixth gives up", async (status) => {
    const { attempt, waits } = scripted([refusal(status)]);
    const outcome = await settle(retryWithBackoff(attempt, CONFIG_FETCH_POLICY));
    expect(outcome).toEqual({ error: expect.objectContaining({ status }) });
    expect(attempt).toHaveBeenCalledTimes(6);
    expect(waits()).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
  });

  it.each([400, 401, 403, 404, 0])("never retries %i", async (status) => {
    const { attempt } = scripted([refusal(status)]);
    const outcome = await settle(retryWithBackoff(attempt, CONFIG_FETCH_POLICY));
    expect(outcome).toEqual({ error: expect.objectContaining({ status }) });
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it("waits as long as Retry-After asks when that is longer, but never past 60 s", async () => {
    const { attempt, waits } = scripted([
      refusal(429, 5_000),
      refusal(429, 500),
      refusal(503, 90_000),
      refusal(503, null),
      CONFIG,
    ]);
    await settle(retryWithBackoff(attempt, CONFIG_FETCH_POLICY));
    expect(waits()).toEqual([5_000, 2_000, 60_000, 8_000]);
  });

  it("aborts an attempt after 60 s and does not retry the timeout", async () => {
    let signal: AbortSignal | undefined;
    const attempt = vi.fn((given: AbortSignal) => {
      signal = given;
      return new Promise<never>(() => {});
    });
    const outcome = retryWithBackoff(attempt, CONFIG_FETCH_POLICY).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await vi.advanceTimersByTimeAsync(59_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    expect(await outcome).toEqual({ error: expect.any(AttemptTimeoutError) });
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});

describe("the configuration fetch", () => {
  it("falls back to the default when no fetch ever succeeded", async () => {
    const { attempt } = scripted([refusal(401)]);
    expect(await settle(loadAnalyticsConfig("key", attempt))).toEqual({
      value: DEFAULT_ANALYTICS_CONFIG,
    });
  });

  it("falls back to the last good configuration when retries give up", async () => {
    const good = scripted([CONFIG]);
    expect(await settle(loadAnalyticsConfig("key", good.attempt))).toEqual({ value: CONFIG });
    const failing = scripted([refusal(500)]);
    expect(await settle(loadAnalyticsConfig("key", failing.attempt))).toEqual({ value: CONFIG });
    expect(failing.attempt).toHaveBeenCalledTimes(6);
    expect(good.attempt).toHaveBeenCalledWith("key", expect.any(AbortSignal));
  });
});
