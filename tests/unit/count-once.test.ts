import { describe, expect, it } from "vitest";
import { OncePerWindow, PerMinuteBudget } from "#server/services/count-once.server";

const T = Date.parse("2026-03-10T12:00:00Z");

describe("OncePerWindow", () => {
  it("takes a key once in 30 minutes and again after them", () => {
    const seen = new OncePerWindow(30 * 60_000, 100);
    expect(seen.isFirst("client\ntool", T)).toBe(true);
    expect(seen.isFirst("client\ntool", T + 30 * 60_000 - 1)).toBe(false);
    expect(seen.isFirst("client\nother-tool", T + 1)).toBe(true);
    expect(seen.isFirst("client\ntool", T + 30 * 60_000)).toBe(true);
  });

  it("forgets expired keys, and at its cap the oldest key first", () => {
    const seen = new OncePerWindow(30 * 60_000, 3);
    for (const key of ["a", "b", "c"]) seen.isFirst(key, T);
    expect(seen.isFirst("d", T + 1)).toBe(true);
    expect(seen.size).toBe(3);
    expect(seen.isFirst("b", T + 2)).toBe(false);
    expect(seen.isFirst("a", T + 3)).toBe(true);
    seen.isFirst("e", T + 30 * 60_000 + 5);
    expect(seen.size).toBe(1);
  });
});

describe("PerMinuteBudget", () => {
  it("allows 600 units a client a minute and refills at the next minute", () => {
    const budget = new PerMinuteBudget(600, 100);
    expect(budget.take("a", 25, T)).toBe(25);
    expect(budget.take("a", 600, T + 1000)).toBe(575);
    expect(budget.take("a", 1, T + 2000)).toBe(0);
    expect(budget.take("b", 25, T + 2000)).toBe(25);
    expect(budget.take("a", 25, T + 60_000)).toBe(25);
  });

  it("gives nothing to a new client once the minute holds its cap of clients", () => {
    const budget = new PerMinuteBudget(600, 2);
    budget.take("a", 1, T);
    budget.take("b", 1, T);
    expect(budget.take("c", 1, T)).toBe(0);
    expect(budget.take("a", 1, T)).toBe(1);
  });
});
