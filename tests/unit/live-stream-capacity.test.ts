import { describe, expect, it } from "vitest";
import { liveStreamCapacity, readMachineLimits } from "#server/live/live-stream-capacity.server";

// The process's cap on live streams comes from what it may use, not a constant.

const MB = 1024 * 1024;

describe("liveStreamCapacity", () => {
  it("gives an eighth of the memory at 64 KB a stream", () => {
    expect(liveStreamCapacity({ memoryBytes: 512 * MB, openFiles: 65_536 })).toBe(1024);
    expect(liveStreamCapacity({ memoryBytes: 4096 * MB, openFiles: null })).toBe(8192);
  });

  it("keeps half the open files for everything else", () => {
    expect(liveStreamCapacity({ memoryBytes: 4096 * MB, openFiles: 1024 })).toBe(512);
  });

  it("serves at least 100 on a very small machine", () => {
    expect(liveStreamCapacity({ memoryBytes: 32 * MB, openFiles: 64 })).toBe(100);
  });

  it("reads what this process may use", () => {
    const limits = readMachineLimits();
    expect(limits.memoryBytes).toBeGreaterThan(0);
    expect(liveStreamCapacity(limits)).toBeGreaterThanOrEqual(100);
  });
});
