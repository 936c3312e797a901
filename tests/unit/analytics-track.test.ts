import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventBatch } from "~/lib/analytics";

// The browser's event queue, in a minimal fake browser (vitest runs in node here).

type Listener = () => void;

function fakeBrowser(stored: Record<string, string> = {}) {
  const storage = new Map(Object.entries(stored));
  const listeners = new Map<string, Listener[]>();
  const on = (type: string, listener: Listener) =>
    listeners.set(type, [...(listeners.get(type) ?? []), listener]);
  const beacons: EventBatch[] = [];
  const sendBeacon = vi.fn((_url: string, body: string) => {
    beacons.push(JSON.parse(body) as EventBatch);
    return true;
  });
  vi.stubGlobal("window", {
    location: { pathname: "/ai-tools", search: "?search=crm" },
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
    addEventListener: on,
  });
  vi.stubGlobal("document", { visibilityState: "visible", addEventListener: on });
  vi.stubGlobal("navigator", { sendBeacon });
  const fire = (type: string) => listeners.get(type)?.forEach((listener) => listener());
  return { beacons, sendBeacon, storage, fire };
}

async function loadClient() {
  vi.resetModules();
  const track = await import("~/client/analytics/track");
  const consent = await import("~/client/analytics/consent");
  return { ...track, ...consent };
}

const pageView = { name: "page_view", path: "/ai-tools" } as const;
const toolView = { name: "tool_view", path: "/t", toolId: "t1" } as const;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the analytics queue", () => {
  it("sends nothing on the server", async () => {
    const { track, reportError } = await loadClient();
    expect(() => track(pageView)).not.toThrow();
    expect(() => reportError(new Error("x"), "error")).not.toThrow();
  });

  it("drops consented events while consent is denied, and still sends errors, anonymously", async () => {
    const browser = fakeBrowser({ analytics_consent: "denied" });
    const { track, reportError } = await loadClient();
    track(pageView);
    reportError(new Error("boom"), "rejection");
    await vi.advanceTimersByTimeAsync(4_999);
    expect(browser.beacons).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(browser.beacons).toEqual([
      {
        consent: "denied",
        events: [
          {
            name: "app_exception",
            path: "/ai-tools?search=crm",
            error: expect.objectContaining({ kind: "rejection", message: "boom" }),
          },
        ],
      },
    ]);
  });

  it("treats Global Privacy Control as denied whatever was stored", async () => {
    const browser = fakeBrowser({ analytics_consent: "granted" });
    vi.stubGlobal("navigator", { sendBeacon: browser.sendBeacon, globalPrivacyControl: true });
    const { track, flushEvents } = await loadClient();
    track(pageView);
    flushEvents();
    expect(browser.sendBeacon).not.toHaveBeenCalled();
  });

  it("sends batches of at most 25 events, each under one consent, when the page is hidden", async () => {
    const browser = fakeBrowser({ analytics_consent: "granted" });
    const { track, reportError, saveConsent } = await loadClient();
    for (let index = 0; index < 30; index++) track(pageView);
    saveConsent("denied");
    reportError(new Error("after"), "error");
    saveConsent("granted");
    track(toolView);
    browser.fire("pagehide");
    expect(browser.beacons.map((batch) => [batch.consent, batch.events.length])).toEqual([
      ["denied", 1],
      ["granted", 1],
    ]);
    expect(browser.beacons[1]!.events).toEqual([toolView]);
  });

  it("stops queued consented events at once when consent is withdrawn, keeping the errors", async () => {
    const browser = fakeBrowser({ analytics_consent: "granted" });
    const { track, reportError, saveConsent, flushEvents } = await loadClient();
    for (let index = 0; index < 30; index++) track(pageView);
    reportError(new Error("kept"), "error");
    saveConsent("denied");
    flushEvents();
    expect(browser.beacons).toEqual([
      { consent: "denied", events: [expect.objectContaining({ name: "app_exception" })] },
    ]);
  });

  it("splits granted events into batches of 25", async () => {
    const browser = fakeBrowser({ analytics_consent: "granted" });
    const { track } = await loadClient();
    for (let index = 0; index < 30; index++) track(pageView);
    browser.fire("visibilitychange");
    expect(browser.beacons).toEqual([]);
    vi.stubGlobal("document", { visibilityState: "hidden" });
    browser.fire("visibilitychange");
    expect(browser.beacons.map((batch) => [batch.consent, batch.events.length])).toEqual([
      ["granted", 25],
      ["granted", 5],
    ]);
  });

  it("applies the configuration's events and sampling to consented events only", async () => {
    const browser = fakeBrowser({ analytics_consent: "granted" });
    const { track, reportError, applyAnalyticsConfig, flushEvents } = await loadClient();
    applyAnalyticsConfig({ enabledEvents: ["tool_view"], sampleRate: 1 });
    track(pageView);
    track(toolView);
    applyAnalyticsConfig({ enabledEvents: ["tool_view", "page_view"], sampleRate: 0 });
    track(toolView);
    reportError(new Error("never sampled"), "error");
    flushEvents();
    expect(browser.beacons[0]!.events.map((event) => event.name)).toEqual([
      "tool_view",
      "app_exception",
    ]);
  });

  it("reports each error once and at most 10 per page load", async () => {
    const browser = fakeBrowser();
    const { reportError, flushEvents } = await loadClient();
    const same = new Error("same");
    reportError(same, "error");
    reportError(same, "boundary");
    for (let index = 0; index < 20; index++) reportError(`distinct ${index}`, "rejection");
    flushEvents();
    const messages = browser.beacons.flatMap((batch) =>
      batch.events.map((event) => ("error" in event ? event.error.message : "")),
    );
    expect(messages).toEqual(["same", ...Array.from({ length: 9 }, (_, i) => `distinct ${i}`)]);
  });

  it("falls back to fetch with keepalive when sendBeacon refuses", async () => {
    const browser = fakeBrowser();
    browser.sendBeacon.mockReturnValue(false);
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal("fetch", fetch);
    const { reportError, flushEvents } = await loadClient();
    reportError(new Error("beacon refused"), "error");
    flushEvents();
    expect(fetch).toHaveBeenCalledWith(
      "/api/events",
      expect.objectContaining({ method: "POST", keepalive: true }),
    );
  });
});
