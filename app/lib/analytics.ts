import type { AnalyticsEvent } from "./analytics-schemas";

export type { AnalyticsEvent, AnalyticsRange, EventBatch } from "./analytics-schemas";

// First-party analytics, consent-gated. The event names and fields the
// browser may send (POST /api/events), the configuration it fetches (GET /api/events/config), and
// the admin dashboard's range. Shared by the browser and the server. No zod here: the browser's
// analytics runs on every public page; the schemas are in ./analytics-schemas.ts.

/** Tracked without consent, anonymously. */
export const ALWAYS_TRACKED_EVENTS = ["error", "app_exception", "app_update", "app_crash"] as const;
/** Tracked only with consent. */
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

/** The event categories. */
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

/** The header the configuration fetch carries its key in. */
export const ANALYTICS_KEY_HEADER = "X-Analytics-Key";

/** GET /api/events/config: which events the browser sends, and the share of consented ones. */
export interface AnalyticsConfig {
  enabledEvents: EventName[];
  /** 0 to 1: the share of consented events kept; always-tracked events are never sampled. */
  sampleRate: number;
}

/** Used until a configuration is fetched, and when no fetch has ever succeeded. */
export const DEFAULT_ANALYTICS_CONFIG: AnalyticsConfig = {
  enabledEvents: [...EVENT_NAMES],
  sampleRate: 1,
};

/** A configuration read back from storage, or null when it is not one (no zod in the pages). */
export function readAnalyticsConfig(value: unknown): AnalyticsConfig | null {
  if (typeof value !== "object" || value === null) return null;
  const { enabledEvents, sampleRate } = value as Record<string, unknown>;
  if (!Array.isArray(enabledEvents) || typeof sampleRate !== "number") return null;
  if (!(sampleRate >= 0 && sampleRate <= 1)) return null;
  const names = EVENT_NAMES as readonly unknown[];
  if (!enabledEvents.every((name) => names.includes(name))) return null;
  return { enabledEvents: enabledEvents as EventName[], sampleRate };
}

/** The configuration fetch. */
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
