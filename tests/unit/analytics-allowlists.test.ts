import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ALWAYS_TRACKED_EVENTS,
  categoryOf,
  CONSENTED_EVENTS,
  EVENT_CATEGORIES,
  EVENT_NAMES,
  MAX_EVENTS_PER_BATCH,
  readAnalyticsConfig,
} from "~/lib/analytics";
import { analyticsRangeSchema, eventBatchSchema } from "~/lib/analytics-schemas";

const error = { kind: "error", message: "boom" } as const;
const pageView = { name: "page_view", path: "/ai-tools" } as const;
const exception = { name: "app_exception", path: "/", error } as const;

describe("the event allowlists", () => {
  it("track error, app_exception, app_update and app_crash without consent", () => {
    expect([...ALWAYS_TRACKED_EVENTS].sort()).toEqual([
      "app_crash",
      "app_exception",
      "app_update",
      "error",
    ]);
  });

  it("track tool_like, tool_view, consent_update, page_view and detailed_page_view only with consent", () => {
    expect([...CONSENTED_EVENTS].sort()).toEqual([
      "consent_update",
      "detailed_page_view",
      "page_view",
      "tool_like",
      "tool_view",
    ]);
    expect(EVENT_NAMES).toHaveLength(9);
  });

  it("file every event under one of the spec's categories", () => {
    const examples = [
      pageView,
      exception,
      { name: "detailed_page_view", path: "/ai-tools", search: "crm", resultCount: 3 },
      { name: "detailed_page_view", path: "/ai-tools/marketing" },
      { name: "tool_view", path: "/x", toolId: "t1" },
      { name: "tool_like", path: "/x", toolId: "t1", liked: true },
      { name: "consent_update", path: "/", consent: "granted" },
      { name: "app_update", path: "/", version: "2" },
    ] as const;
    const categories = examples.map((event) => categoryOf(event));
    expect(categories).toEqual([
      "navigation",
      "error",
      "search",
      "navigation",
      "content",
      "engagement",
      "account",
      "engagement",
    ]);
    for (const category of categories) expect(EVENT_CATEGORIES).toContain(category);
  });
});

describe("a batch of events (POST /api/events)", () => {
  it("is accepted with consent whatever its allowed events", () => {
    const batch = { consent: "granted", events: [pageView, exception] };
    expect(eventBatchSchema.safeParse(batch).success).toBe(true);
  });

  it("without consent may carry only always-tracked events", () => {
    expect(eventBatchSchema.safeParse({ consent: "denied", events: [exception] }).success).toBe(
      true,
    );
    const withPageView = eventBatchSchema.safeParse({
      consent: "denied",
      events: [exception, pageView],
    });
    expect(withPageView.success).toBe(false);
    expect(withPageView.error?.issues[0]?.message).toMatch(/Without consent/);
  });

  it("refuses an unknown event name", () => {
    const batch = { consent: "granted", events: [{ name: "purchase", path: "/" }] };
    expect(eventBatchSchema.safeParse(batch).success).toBe(false);
  });

  it("refuses fields an event does not have", () => {
    const batch = { consent: "granted", events: [{ ...pageView, email: "a@example.com" }] };
    expect(eventBatchSchema.safeParse(batch).success).toBe(false);
    const extraTop = { consent: "granted", events: [pageView], userId: "u1" };
    expect(eventBatchSchema.safeParse(extraTop).success).toBe(false);
  });

  it("refuses a path that is not one of ours, and an oversized error message", () => {
    const absolute = { consent: "granted", events: [{ ...pageView, path: "https://evil.test/" }] };
    expect(eventBatchSchema.safeParse(absolute).success).toBe(false);
    const longMessage = {
      consent: "denied",
      events: [{ ...exception, error: { ...error, message: "x".repeat(1_001) } }],
    };
    expect(eventBatchSchema.safeParse(longMessage).success).toBe(false);
  });

  it("holds 1 to MAX_EVENTS_PER_BATCH events", () => {
    const of = (count: number) => ({ consent: "granted", events: Array(count).fill(pageView) });
    expect(eventBatchSchema.safeParse(of(0)).success).toBe(false);
    expect(eventBatchSchema.safeParse(of(MAX_EVENTS_PER_BATCH)).success).toBe(true);
    expect(eventBatchSchema.safeParse(of(MAX_EVENTS_PER_BATCH + 1)).success).toBe(false);
  });
});

describe("a configuration read back from storage", () => {
  it("is kept when it is one", () => {
    const config = { enabledEvents: ["page_view", "app_exception"], sampleRate: 0.5 };
    expect(readAnalyticsConfig(config)).toEqual(config);
  });

  it("is dropped when it names an unknown event or a share outside 0 to 1", () => {
    expect(readAnalyticsConfig({ enabledEvents: ["purchase"], sampleRate: 1 })).toBeNull();
    expect(readAnalyticsConfig({ enabledEvents: [], sampleRate: 2 })).toBeNull();
    expect(readAnalyticsConfig({ enabledEvents: [], sampleRate: Number.NaN })).toBeNull();
    expect(readAnalyticsConfig("granted")).toBeNull();
  });
});

describe("the dashboard's range", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-03-10T23:30:00Z") });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const problemsOf = (from: string, to: string) =>
    analyticsRangeSchema
      .safeParse({ from, to })
      .error?.issues.map((issue) => [issue.path.join("."), issue.message]);

  it("takes whole days, the start not after the end", () => {
    expect(analyticsRangeSchema.safeParse({ from: "2026-01-01", to: "2026-01-31" }).success).toBe(
      true,
    );
    const reversed = analyticsRangeSchema.safeParse({ from: "2026-02-01", to: "2026-01-31" });
    expect(reversed.error?.issues[0]?.path).toEqual(["from"]);
  });

  it("refuses dates that do not exist and ranges over 366 days", () => {
    expect(analyticsRangeSchema.safeParse({ from: "2026-02-30", to: "2026-03-01" }).success).toBe(
      false,
    );
    expect(analyticsRangeSchema.safeParse({ from: "yesterday", to: "2026-03-01" }).success).toBe(
      false,
    );
    const long = analyticsRangeSchema.safeParse({ from: "2025-01-01", to: "2026-01-02" });
    expect(long.error?.issues[0]?.message).toBe("Choose at most 366 days.");
    expect(analyticsRangeSchema.safeParse({ from: "2025-01-01", to: "2026-01-01" }).success).toBe(
      true,
    );
  });

  it("starts on 2000-01-01 at the earliest", () => {
    expect(problemsOf("2000-01-01", "2000-01-31")).toBeUndefined();
    expect(problemsOf("1999-12-31", "2000-01-31")).toEqual([
      ["from", "Choose dates from 2000 on."],
    ]);
    expect(problemsOf("0001-01-01", "0001-01-02")).toEqual([
      ["from", "Choose dates from 2000 on."],
      ["to", "Choose dates from 2000 on."],
    ]);
  });

  it("ends tomorrow in UTC at the latest, as it is already tomorrow east of UTC", () => {
    expect(problemsOf("2026-03-01", "2026-03-11")).toBeUndefined();
    expect(problemsOf("2026-03-01", "2026-03-12")).toEqual([
      ["to", "The end date cannot be in the future."],
    ]);
    expect(problemsOf("9999-12-31", "9999-12-31")).toEqual([
      ["from", "The start date cannot be in the future."],
      ["to", "The end date cannot be in the future."],
    ]);
  });

  it("reads today when it parses, not when it was loaded", () => {
    vi.setSystemTime(new Date("2026-03-12T00:00:00Z"));
    expect(problemsOf("2026-03-01", "2026-03-13")).toBeUndefined();
  });

  it("blames only the format of a day that is no date", () => {
    expect(problemsOf("yesterday", "2026-03-01")).toEqual([
      ["from", "Use a date such as 2026-01-31."],
    ]);
  });
});
