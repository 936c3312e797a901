import { describe, expect, it } from "vitest";
import { Doorkeeper, PageStore } from "#server/render-cache/page-store.server";

// Decision 013: the render cache's memory is bounded, and rare pages cannot push out common ones.

const page = (bytes: number) => ({ bytes });
const keysOf = (store: PageStore<{ bytes: number }>, keys: string[]) =>
  keys.filter((key) => store.get(key) !== undefined);

describe("the page store", () => {
  it("stays within its byte cap by dropping the least recently used entry", () => {
    const store = new PageStore({ maxBytes: 300, longTailShare: 0.25 });
    store.set("/a", page(100), false);
    store.set("/b", page(100), false);
    store.set("/c", page(100), false);
    store.get("/a");
    store.set("/d", page(100), false);
    expect(store.stats).toMatchObject({ entries: 3, bytes: 300, evictions: 1 });
    expect(keysOf(store, ["/a", "/b", "/c", "/d"])).toEqual(["/a", "/c", "/d"]);
  });

  it("counts a replaced entry once", () => {
    const store = new PageStore({ maxBytes: 300, longTailShare: 0.25 });
    store.set("/a", page(100), false);
    store.set("/a", page(150), false);
    expect(store.stats).toMatchObject({ entries: 1, bytes: 150 });
  });

  it("refuses an entry larger than the cap, or than the long-tail share", () => {
    const store = new PageStore({ maxBytes: 400, longTailShare: 0.25 });
    expect(store.set("/huge", page(401), false)).toBe(false);
    expect(store.set("/ai-tools?search=x", page(101), true)).toBe(false);
    expect(store.stats.bytes).toBe(0);
  });

  it("keeps long-tail pages within their share, pushing out only each other", () => {
    const store = new PageStore({ maxBytes: 400, longTailShare: 0.25 });
    store.set("/", page(100), false);
    store.set("/ai-tools", page(100), false);
    for (let n = 0; n < 10; n++) store.set(`/ai-tools?search=q${n}`, page(50), true);
    expect(store.stats).toMatchObject({ entries: 4, longTailBytes: 100, bytes: 300 });
    expect(keysOf(store, ["/", "/ai-tools", "/ai-tools?search=q8", "/ai-tools?search=q9"])).toEqual(
      ["/", "/ai-tools", "/ai-tools?search=q8", "/ai-tools?search=q9"],
    );
  });

  it("does not store a long-tail page when core pages fill the cache", () => {
    const store = new PageStore({ maxBytes: 400, longTailShare: 0.25 });
    for (const key of ["/a", "/b", "/c", "/d"]) store.set(key, page(100), false);
    expect(store.set("/ai-tools?search=x", page(50), true)).toBe(false);
    expect(store.stats).toMatchObject({ entries: 4, bytes: 400 });
  });

  it("makes room for a core page by dropping long-tail pages first", () => {
    const store = new PageStore({ maxBytes: 400, longTailShare: 0.25 });
    store.set("/ai-tools?search=x", page(100), true);
    for (const key of ["/a", "/b", "/c"]) store.set(key, page(100), false);
    store.set("/d", page(100), false);
    expect(keysOf(store, ["/ai-tools?search=x", "/a", "/b", "/c", "/d"])).toEqual([
      "/a",
      "/b",
      "/c",
      "/d",
    ]);
    expect(store.stats.longTailBytes).toBe(0);
  });
});

describe("the doorkeeper", () => {
  const windowMs = 1000;

  it("admits a key asked for a second time within the window", () => {
    const doorkeeper = new Doorkeeper({ capacity: 10, windowMs });
    doorkeeper.record("q", 0);
    expect(doorkeeper.admits("q", 0)).toBe(false);
    doorkeeper.record("q", 500);
    expect(doorkeeper.admits("q", 500)).toBe(true);
  });

  it("does not admit a key whose second request came after the window", () => {
    const doorkeeper = new Doorkeeper({ capacity: 10, windowMs });
    doorkeeper.record("q", 0);
    doorkeeper.record("q", 1500);
    expect(doorkeeper.admits("q", 1500)).toBe(false);
    doorkeeper.record("q", 2000);
    expect(doorkeeper.admits("q", 2000)).toBe(true);
    expect(doorkeeper.admits("q", 2600)).toBe(false);
  });

  it("remembers a bounded number of keys, forgetting the oldest", () => {
    const doorkeeper = new Doorkeeper({ capacity: 3, windowMs });
    for (const key of ["a", "b", "c", "d"]) doorkeeper.record(key, 0);
    doorkeeper.record("a", 1);
    doorkeeper.record("d", 1);
    expect(doorkeeper.admits("a", 1)).toBe(false);
    expect(doorkeeper.admits("d", 1)).toBe(true);
  });
});
