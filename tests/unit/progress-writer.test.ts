import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DraftStep } from "#server/services/ai-draft/draft-address.server";
import { ProgressWriter } from "#server/services/ai-draft/progress-writer.server";

describe("a draft job's progress writes", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const recorder = () => {
    const writes: [DraftStep, string | null][] = [];
    const writer = new ProgressWriter(async (state, message) => {
      writes.push([state, message]);
    }, 500);
    return { writes, writer };
  };

  it("writes a new step at once and progress within a step at most every 500 ms, the latest winning", async () => {
    const { writes, writer } = recorder();
    writer.report("fetching", "Fetching a.example");
    writer.report("fetching", "Fetched 10 KB");
    writer.report("fetching", "Fetched 20 KB");
    writer.report("reading", "Reading the page");
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toEqual([
      ["fetching", "Fetching a.example"],
      ["reading", "Reading the page"],
    ]);
    writer.report("reading", "Still reading");
    writer.report("reading", "Almost read");
    await vi.advanceTimersByTimeAsync(499);
    expect(writes).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes.at(-1)).toEqual(["reading", "Almost read"]);
    expect(writes).toHaveLength(3);
  });

  it("drops a waiting progress message once flushed, so the final write is the last", async () => {
    const { writes, writer } = recorder();
    writer.report("drafting", "Asking the model");
    writer.report("drafting", "Asking the model, try 2 of 4");
    await writer.flush();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(writes).toEqual([["drafting", "Asking the model"]]);
  });
});
