import { z } from "zod";

// Issue 19: first-party analytics, consent-gated as spec 9 says. The event names and fields the
// browser may send (POST /api/events), the configuration it fetches (GET /api/events/config), and
// the admin dashboard's range. Shared by the browser and the server.

/** spec 9: tracked without consent, anonymously. */
export const ALWAYS_TRACKED_EVENTS = ["error", "app_exception", "app_update", "app_crash"] as const;
/** spec 9: tracked only with consent. */
export const CONSENTED_EVENTS = [
  "tool_like",
  "tool_view",
  "consent_update",
  "page_view",
  "detailed_page_view",
] as const;
export const EVENT_NAMES = [...ALWAYS_TRACKED_EVENTS, ...CONSENTED_EVENTS] as const;
export type EventName = (typeof EVENT_NAMES)[number];
export type ErrorEventName = "error" | "app_exception" | "app_crash";

/** spec 9: the event categories. */
export const EVENT_CATEGORIES = [
  "engagement",
  "navigation",
  "conversion",
  "content",
  "error",
  "search",
  "account",
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

export function isAlwaysTracked(name: EventName): boolean {
  return (ALWAYS_TRACKED_EVENTS as readonly string[]).includes(name);
}

/** The category an event is stored under; a detailed page view of a search is a search. */
export function categoryOf(event: AnalyticsEvent): EventCategory {
  switch (event.name) {
    case "error":
    case "app_exception":
    case "app_crash":
      return "error";
    case "app_update":
    case "tool_like":
      return "engagement";
    case "tool_view":
      return "content";
    case "consent_update":
      return "account";
    case "page_view":
      return "navigation";
    case "detailed_page_view":
      return event.search ? "search" : "navigation";
  }
}

export const MAX_EVENTS_PER_BATCH = 25;
/** The body cap of POST /api/events. */
export const MAX_EVENT_BATCH_BYTES = 32 * 1024;
export const MAX_ERROR_MESSAGE_LENGTH = 1_000;
export const MAX_ERROR_STACK_LENGTH = 4_000;

/** A page's path as the browser sends it: the server keeps only utm_* in its query. */
const path = z.string().min(1).max(2_048).startsWith("/");
const toolId = z.string().min(1).max(128);

const errorDetails = z.strictObject({
  /** Where it was caught: window.onerror, an unhandled rejection, a React error boundary. */
  kind: z.enum(["error", "rejection", "boundary"]),
  message: z.string().max(MAX_ERROR_MESSAGE_LENGTH),
  stack: z.string().max(MAX_ERROR_STACK_LENGTH).optional(),
});

export const analyticsEventSchema = z.discriminatedUnion("name", [
  z.strictObject({
    name: z.literal("page_view"),
    path,
    referrer: z.string().max(2_048).optional(),
  }),
  z.strictObject({
    name: z.literal("detailed_page_view"),
    path,
    /** The browse page's search, trimmed, and how many tools it found. */
    search: z.string().trim().max(200).optional(),
    resultCount: z.number().int().min(0).max(1_000_000).optional(),
  }),
  z.strictObject({ name: z.literal("tool_view"), path, toolId }),
  z.strictObject({ name: z.literal("tool_like"), path, toolId, liked: z.boolean() }),
  z.strictObject({ name: z.literal("consent_update"), path, consent: z.literal("granted") }),
  z.strictObject({ name: z.literal("app_update"), path, version: z.string().min(1).max(64) }),
  z.strictObject({ name: z.literal("app_exception"), path, error: errorDetails }),
  z.strictObject({ name: z.literal("error"), path, error: errorDetails }),
  z.strictObject({ name: z.literal("app_crash"), path, error: errorDetails }),
]);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/**
 * POST /api/events: one batch, all sent under the consent it names. A denied batch may hold only
 * always-tracked events; a batch with anything wrong is refused whole (400).
 */
export const eventBatchSchema = z
  .strictObject({
    consent: z.enum(["granted", "denied"]),
    events: z.array(analyticsEventSchema).min(1).max(MAX_EVENTS_PER_BATCH),
  })
  .refine(
    (batch) =>
      batch.consent === "granted" || batch.events.every((event) => isAlwaysTracked(event.name)),
    { message: "Without consent only error and update events are accepted.", path: ["events"] },
  );
export type EventBatch = z.infer<typeof eventBatchSchema>;

/** The header the configuration fetch carries its key in (spec 7). */
export const ANALYTICS_KEY_HEADER = "X-Analytics-Key";

/** GET /api/events/config: which events the browser sends, and the share of consented ones. */
export const analyticsConfigSchema = z.strictObject({
  enabledEvents: z.array(z.enum(EVENT_NAMES)),
  /** 0 to 1: the share of consented events kept; always-tracked events are never sampled. */
  sampleRate: z.number().min(0).max(1),
});
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;

/** Used until a configuration is fetched, and when no fetch has ever succeeded. */
export const DEFAULT_ANALYTICS_CONFIG: AnalyticsConfig = {
  enabledEvents: [...EVENT_NAMES],
  sampleRate: 1,
};

/** spec 9: the configuration fetch. */
export const CONFIG_FETCH_TIMEOUT_MS = 60_000;
export const BACKOFF_BASE_MS = 1_000;
export const RETRY_LIMIT_ON_503 = 30;
/** Retries on 429, 500 and 504. */
export const RETRY_LIMIT_OTHER = 5;
/** The longest wait between two attempts, also when Retry-After asks for more. */
export const MAX_BACKOFF_MS = 60_000;
export const RETRIED_STATUSES = [429, 500, 503, 504] as const;

/** The admin dashboard's range: whole UTC days, both ends included. */
export const MAX_RANGE_DAYS = 366;
const day = z.iso.date("Use a date such as 2026-01-31.");
export const analyticsRangeSchema = z
  .strictObject({ from: day, to: day })
  .refine((range) => range.from <= range.to, {
    message: "The start date must not be after the end date.",
    path: ["from"],
  })
  .refine((range) => daysBetween(range.from, range.to) < MAX_RANGE_DAYS, {
    message: `Choose at most ${MAX_RANGE_DAYS} days.`,
    path: ["to"],
  });
export type AnalyticsRange = z.infer<typeof analyticsRangeSchema>;

/** Whole days from `from` to `to` (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
