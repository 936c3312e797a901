import { describe, expect, it, vi } from "vitest";
import { loadOnce, loadOrReload, type PageReload } from "~/components/use-loaded-component";

// Decision 020: a lazily loaded component (consent banner and dialog, compare tray) whose chunk
// fails to load, as after a deploy removed it, is tried again, then the page reloads once.

function fakePage(): PageReload & { reloads: number; stored: Map<string, string>; time: number } {
  const stored = new Map<string, string>();
  const page = {
    reloads: 0,
    stored,
    time: 1_000_000,
    storage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    },
    reload: () => {
      page.reloads += 1;
    },
    now: () => page.time,
  };
  return page;
}

const chunkGone = () =>
  Promise.reject(new TypeError("Failed to fetch dynamically imported module"));

describe("loadOnce", () => {
  it("shares one load, and forgets a failed one so the next call tries again", async () => {
    const load = vi.fn<() => Promise<string>>().mockImplementationOnce(chunkGone);
    load.mockResolvedValue("module");
    const loadBanner = loadOnce(load);
    await expect(loadBanner()).rejects.toThrow(TypeError);
    const [first, second] = [loadBanner(), loadBanner()];
    expect(await first).toBe("module");
    expect(await second).toBe("module");
    expect(await loadBanner()).toBe("module");
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("loadOrReload", () => {
  it("tries a failed load once more and gives its module without reloading", async () => {
    const page = fakePage();
    const load = vi.fn<() => Promise<string>>().mockImplementationOnce(chunkGone);
    load.mockResolvedValue("module");
    expect(await loadOrReload(load, page)).toBe("module");
    expect(load).toHaveBeenCalledTimes(2);
    expect(page.reloads).toBe(0);
  });

  it("reloads the page when the retry fails too, but not again within a minute", async () => {
    const page = fakePage();
    expect(await loadOrReload(chunkGone, page)).toBeUndefined();
    expect(page.reloads).toBe(1);
    page.time += 5_000;
    expect(await loadOrReload(chunkGone, page)).toBeUndefined();
    expect(page.reloads).toBe(1);
    page.time += 60_000;
    await loadOrReload(chunkGone, page);
    expect(page.reloads).toBe(2);
  });

  it("still reloads when storage is blocked", async () => {
    const page = { ...fakePage(), storage: null };
    let reloads = 0;
    page.reload = () => {
      reloads += 1;
    };
    await loadOrReload(chunkGone, page);
    expect(reloads).toBe(1);
  });
});
