import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toolQueryParams } from "~/lib/tool-query-params";
import {
  browseHref,
  DEFAULT_FILTERS,
  toggled,
  type BrowseFilters,
} from "~/features/browse/browse-href";
import {
  clearSavedState,
  LOCAL_KEYS,
  readSavedFilters,
  saveFilters,
  saveSnapshot,
  SNAPSHOT_KEY,
  findSnapshot,
  newestSnapshot,
  type BrowseSnapshot,
} from "~/features/browse/browse-storage";
import { debounce } from "~/client/debounce";
import { createToolCard } from "../factories";

class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, value);
  }
}

const marketing: BrowseFilters = {
  category: "Marketing",
  subcategory: ["SEO", "Email Marketing"],
  search: "  growth  ",
  sort: "Rating",
  pricing: "Free",
};

describe("browse addresses", () => {
  it("puts a category in the path and the other filters in the query", () => {
    expect(browseHref(marketing)).toBe(
      "/ai-tools/marketing?subcategory=SEO&subcategory=Email+Marketing&search=growth&sort=Rating&pricing=Free",
    );
    expect(browseHref(DEFAULT_FILTERS)).toBe("/ai-tools");
    expect(browseHref(DEFAULT_FILTERS, { limit: 30 })).toBe("/ai-tools?limit=30");
  });
  it("keeps a subcategory that has its own page in the path", () => {
    const seo = { ...DEFAULT_FILTERS, category: "Marketing", subcategory: ["SEO"], search: "x y" };
    const subcategoryPages = new Set(["SEO", "Ads"]);
    expect(browseHref(seo, { subcategoryPages })).toBe("/ai-tools/marketing/seo?search=x+y");
    expect(browseHref(seo)).toBe("/ai-tools/marketing?subcategory=SEO&search=x+y");
    expect(browseHref({ ...seo, subcategory: ["SEO", "Ads"] }, { subcategoryPages })).toBe(
      "/ai-tools/marketing?subcategory=SEO&subcategory=Ads&search=x+y",
    );
  });
  it("asks the API for the next page of the same listing", () => {
    const nextPage = {
      ...marketing,
      subcategory: [...marketing.subcategory],
      offset: 21,
      limit: 9,
    };
    expect(`/api/tools?${toolQueryParams(nextPage).toString()}`).toBe(
      "/api/tools?subcategory=SEO&subcategory=Email+Marketing&search=growth&sort=Rating&pricing=Free&category=Marketing&offset=21&limit=9",
    );
  });
  it("toggles a subcategory in and out of the selection", () => {
    expect(toggled(["SEO"], "Ads")).toEqual(["SEO", "Ads"]);
    expect(toggled(["SEO", "Ads"], "SEO")).toEqual(["Ads"]);
  });
});

describe("saved filters (local keys)", () => {
  it("saves every filter under its own key and reads them back", () => {
    const storage = new MemoryStorage();
    saveFilters(storage, marketing);
    expect(storage.getItem(LOCAL_KEYS.category)).toBe("Marketing");
    expect(storage.getItem(LOCAL_KEYS.sort)).toBe("Rating");
    expect(readSavedFilters(storage)).toEqual(marketing);
  });
  it("saves the requirements, integrations and price ceiling too", () => {
    const storage = new MemoryStorage();
    const buyer: BrowseFilters = {
      ...DEFAULT_FILTERS,
      require: ["sso", "soc2"],
      integrates: ["hubspot"],
      maxPrice: 25,
    };
    saveFilters(storage, buyer);
    expect(storage.getItem(LOCAL_KEYS.maxPrice)).toBe("25");
    expect(readSavedFilters(storage)).toEqual(buyer);
    expect(browseHref(buyer)).toBe("/ai-tools?require=sso,soc2&integrates=hubspot&maxPrice=25");
    saveFilters(storage, { ...buyer, maxPrice: undefined });
    expect(readSavedFilters(storage)?.maxPrice).toBeUndefined();
  });
  it("reads nothing when only defaults were saved, and removes the keys", () => {
    const storage = new MemoryStorage();
    saveFilters(storage, marketing);
    saveFilters(storage, DEFAULT_FILTERS);
    expect(storage.length).toBe(0);
    expect(readSavedFilters(storage)).toBeNull();
  });
  it("drops values that are not valid any more", () => {
    const storage = new MemoryStorage();
    storage.setItem(LOCAL_KEYS.category, "Sales");
    storage.setItem(LOCAL_KEYS.sort, "Cheapest");
    storage.setItem(LOCAL_KEYS.pricing, "Gold");
    storage.setItem(LOCAL_KEYS.subcategories, "{not json");
    expect(readSavedFilters(storage)).toEqual({ ...DEFAULT_FILTERS, category: "Sales" });
  });
});

describe("the session snapshot (valid for 5 minutes)", () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date("2026-11-22T10:00:00Z") }));
  afterEach(() => vi.useRealTimers());

  const snapshotAt = (savedAt: number): BrowseSnapshot => ({
    url: "/ai-tools?pricing=Free",
    tools: [createToolCard()],
    total: 40,
    filters: { ...DEFAULT_FILTERS, pricing: "Free" },
    visibleCount: 30,
    scrollY: 1234,
    sidebarExpanded: true,
    savedAt,
  });

  it("is found for the same listing within 5 minutes", () => {
    const session = new MemoryStorage();
    const local = new MemoryStorage();
    saveSnapshot(session, local, snapshotAt(Date.now()));
    expect(local.getItem(LOCAL_KEYS.scroll)).toBe("1234");
    expect(local.getItem(LOCAL_KEYS.visibleCount)).toBe("30");
    expect(findSnapshot(session, "/ai-tools", Date.now())).toBeNull();

    vi.advanceTimersByTime(5 * 60_000 - 1);
    expect(findSnapshot(session, "/ai-tools?pricing=Free", Date.now())?.scrollY).toBe(1234);
  });

  it("is not restored after 5 minutes", () => {
    const session = new MemoryStorage();
    saveSnapshot(session, new MemoryStorage(), snapshotAt(Date.now()));
    vi.advanceTimersByTime(5 * 60_000);
    expect(findSnapshot(session, "/ai-tools?pricing=Free", Date.now())).toBeNull();
  });

  it("the newest one is the listing left last, while under 5 minutes old", () => {
    const session = new MemoryStorage();
    const local = new MemoryStorage();
    saveSnapshot(session, local, { ...snapshotAt(Date.now()), url: "/ai-tools?n=1" });
    vi.advanceTimersByTime(60_000);
    saveSnapshot(session, local, { ...snapshotAt(Date.now()), url: "/ai-tools?n=2" });
    expect(newestSnapshot(session, Date.now())?.url).toBe("/ai-tools?n=2");
    vi.advanceTimersByTime(5 * 60_000 - 1);
    expect(newestSnapshot(session, Date.now())?.url).toBe("/ai-tools?n=2");
    vi.advanceTimersByTime(1);
    expect(newestSnapshot(session, Date.now())).toBeNull();
  });

  it("keeps the ten most recent listings, one snapshot each", () => {
    const session = new MemoryStorage();
    const local = new MemoryStorage();
    for (let i = 0; i < 12; i++) {
      saveSnapshot(session, local, { ...snapshotAt(Date.now()), url: `/ai-tools?n=${i}` });
    }
    saveSnapshot(session, local, { ...snapshotAt(Date.now()), url: "/ai-tools?n=11", scrollY: 7 });
    expect(findSnapshot(session, "/ai-tools?n=1", Date.now())).toBeNull();
    expect(findSnapshot(session, "/ai-tools?n=2", Date.now())).not.toBeNull();
    expect(findSnapshot(session, "/ai-tools?n=11", Date.now())?.scrollY).toBe(7);
    expect(JSON.parse(session.getItem(SNAPSHOT_KEY)!)).toHaveLength(10);
  });

  it("is cleared with every saved value on Reset", () => {
    const session = new MemoryStorage();
    const local = new MemoryStorage();
    saveFilters(local, marketing);
    saveSnapshot(session, local, snapshotAt(Date.now()));
    local.setItem("analytics_consent", "granted");
    clearSavedState(session, local);
    expect(session.length).toBe(0);
    expect([...Array(local.length).keys()].map((i) => local.key(i))).toEqual(["analytics_consent"]);
  });
});

describe("debounce (search waits 300 ms)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs once with the last value, 300 ms after the last call", () => {
    const run = vi.fn();
    const search = debounce(run, 300);
    search("t");
    vi.advanceTimersByTime(200);
    search("tr");
    vi.advanceTimersByTime(299);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledExactlyOnceWith("tr");
  });

  it("drops a pending call when cancelled", () => {
    const run = vi.fn();
    const search = debounce(run, 300);
    search("x");
    search.cancel();
    vi.advanceTimersByTime(600);
    expect(run).not.toHaveBeenCalled();
  });
});
