import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startCountdown, watchVerification } from "~/features/auth/verification-timers";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * A check whose calls give the answers in turn (the last one repeats), each after `delayMs` (at once
 * when 0), recording when each call started.
 */
function timedCheck(answers: (() => boolean)[], delayMs = 0) {
  const startedAt: number[] = [];
  let call = 0;
  const check = vi.fn(async () => {
    startedAt.push(Date.now());
    const answer = answers[Math.min(call, answers.length - 1)] ?? (() => false);
    call++;
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return answer();
  });
  return { check, startedAt };
}

// The verify page's own use of 2 s and 60 s is proved in tests/e2e/verify-email.test.ts.
const POLL_MS = 2000;
const COOLDOWN_S = 60;

const notYet = () => false;
const verified = () => true;
const fails = (): boolean => {
  throw new Error("network down");
};

describe("watchVerification (poll every 2 s until verified)", () => {
  it("checks first after exactly intervalMs, then every intervalMs", async () => {
    const start = Date.now();
    const { check, startedAt } = timedCheck([notYet]);
    const onPending = vi.fn();
    const stop = watchVerification({
      check,
      intervalMs: POLL_MS,
      onVerified: vi.fn(),
      onError: vi.fn(),
      onPending,
    });
    await vi.advanceTimersByTimeAsync(POLL_MS - 1);
    expect(check).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4 * POLL_MS);
    expect(check).toHaveBeenCalledTimes(5);
    expect(startedAt.map((at) => at - start)).toEqual([2000, 4000, 6000, 8000, 10000]);
    expect(onPending).toHaveBeenCalledTimes(5);
    stop();
  });

  it("never starts a second check while a slow one (5 s) is running", async () => {
    const start = Date.now();
    const { check, startedAt } = timedCheck([notYet], 5000);
    const stop = watchVerification({
      check,
      intervalMs: POLL_MS,
      onVerified: vi.fn(),
      onError: vi.fn(),
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(check).toHaveBeenCalledTimes(1);
    // The first check runs from 2 s to 7 s: nothing else may start in that time.
    await vi.advanceTimersByTimeAsync(5000 + 1999);
    expect(check).toHaveBeenCalledTimes(1);
    // The next starts intervalMs after the first one answered (7 s + 2 s).
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(7000);
    expect(startedAt.map((at) => at - start)).toEqual([2000, 9000, 16000]);
    stop();
  });

  it("calls onVerified once and stops polling", async () => {
    const { check } = timedCheck([notYet, notYet, verified, notYet]);
    const onVerified = vi.fn();
    const onPending = vi.fn();
    const onError = vi.fn();
    watchVerification({
      check,
      intervalMs: POLL_MS,
      onVerified,
      onError,
      onPending,
    });
    await vi.advanceTimersByTimeAsync(3 * POLL_MS);
    expect(check).toHaveBeenCalledTimes(3);
    expect(onVerified).toHaveBeenCalledTimes(1);
    expect(onPending).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(check).toHaveBeenCalledTimes(3);
    expect(onVerified).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("calls onError when a check fails and keeps polling", async () => {
    const { check } = timedCheck([fails, fails, notYet, verified]);
    const onVerified = vi.fn();
    const onError = vi.fn();
    const onPending = vi.fn();
    watchVerification({ check, intervalMs: POLL_MS, onVerified, onError, onPending });
    await vi.advanceTimersByTimeAsync(2 * POLL_MS);
    expect(onError).toHaveBeenCalledTimes(2);
    expect(onPending).not.toHaveBeenCalled();
    expect(onVerified).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2 * POLL_MS);
    expect(check).toHaveBeenCalledTimes(4);
    expect(onPending).toHaveBeenCalledTimes(1);
    expect(onVerified).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it("checks no more once stopped", async () => {
    const { check } = timedCheck([notYet]);
    const stop = watchVerification({
      check,
      intervalMs: POLL_MS,
      onVerified: vi.fn(),
      onError: vi.fn(),
    });
    await vi.advanceTimersByTimeAsync(2 * POLL_MS);
    expect(check).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(check).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("stopped before the first check, never checks", async () => {
    const { check } = timedCheck([verified]);
    const onVerified = vi.fn();
    const stop = watchVerification({
      check,
      intervalMs: POLL_MS,
      onVerified,
      onError: vi.fn(),
    });
    stop();
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(check).not.toHaveBeenCalled();
    expect(onVerified).not.toHaveBeenCalled();
  });

  it("stopped while a check runs, reports nothing from it and schedules no other", async () => {
    const { check } = timedCheck([verified], 1000);
    const onVerified = vi.fn();
    const onPending = vi.fn();
    const stop = watchVerification({
      check,
      intervalMs: POLL_MS,
      onVerified,
      onError: vi.fn(),
      onPending,
    });
    await vi.advanceTimersByTimeAsync(POLL_MS + 500);
    expect(check).toHaveBeenCalledTimes(1);
    stop();
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(check).toHaveBeenCalledTimes(1);
    expect(onVerified).not.toHaveBeenCalled();
    expect(onPending).not.toHaveBeenCalled();
  });
});

describe("startCountdown (resend after 60 s)", () => {
  it("ticks 60, 59, ... 0 once a second and stops at 0", () => {
    const ticks: number[] = [];
    startCountdown(COOLDOWN_S, (left) => ticks.push(left));
    expect(ticks).toEqual([60]);
    vi.advanceTimersByTime(999);
    expect(ticks).toEqual([60]);
    vi.advanceTimersByTime(1);
    expect(ticks).toEqual([60, 59]);
    vi.advanceTimersByTime((COOLDOWN_S - 1) * 1000);
    expect(ticks).toEqual(Array.from({ length: COOLDOWN_S + 1 }, (_, i) => 60 - i));
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(ticks).toHaveLength(COOLDOWN_S + 1);
    expect(ticks.at(-1)).toBe(0);
  });

  it("halts when stopped", () => {
    const ticks: number[] = [];
    const stop = startCountdown(COOLDOWN_S, (left) => ticks.push(left));
    vi.advanceTimersByTime(3000);
    expect(ticks).toEqual([60, 59, 58, 57]);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(ticks).toEqual([60, 59, 58, 57]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
