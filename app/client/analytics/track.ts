import {
  DEFAULT_ANALYTICS_CONFIG,
  isAlwaysTracked,
  MAX_ERROR_MESSAGE_LENGTH,
  MAX_ERROR_STACK_LENGTH,
  MAX_EVENT_BATCH_BYTES,
  MAX_EVENTS_PER_BATCH,
  type AnalyticsConfig,
  type AnalyticsEvent,
  type EventBatch,
} from "~/lib/analytics";
import type { ConsentValue } from "~/lib/constants";
import { currentConsent, onConsentChange } from "./consent";

// The browser's side of first-party analytics. Events wait in a queue and leave in
// batches (POST /api/events) when the page is hidden or left, and every few seconds while some
// wait. On the server every call is a no-op.

export const EVENTS_PATH = "/api/events";
export const FLUSH_INTERVAL_MS = 5_000;
/** Error reports one page load may send; a loop that throws must not flood the server. */
export const MAX_ERROR_REPORTS = 10;
/** Room for the batch's own fields around its events. */
const BATCH_OVERHEAD_BYTES = 64;

interface Queued {
  event: AnalyticsEvent;
  /** The consent the event was recorded under: a batch carries one. */
  consent: ConsentValue;
  bytes: number;
}

const isBrowser = typeof window !== "undefined";
const encoder = new TextEncoder();
let queue: Queued[] = [];
let flushTimer: ReturnType<typeof setTimeout> | null = null;
let config: AnalyticsConfig = DEFAULT_ANALYTICS_CONFIG;
const reportedErrors = new Set<string>();

/** The path an event names; the server keeps only utm_* of its query. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Which events are sent, and the share of consented ones (GET /api/events/config). */
export function applyAnalyticsConfig(next: AnalyticsConfig): void {
  config = next;
}

function isWanted(event: AnalyticsEvent, consent: ConsentValue): boolean {
  if (isAlwaysTracked(event.name)) return true;
  if (consent !== "granted" || !config.enabledEvents.includes(event.name)) return false;
  return Math.random() < config.sampleRate;
}

/**
 * Queues an event if consent allows it: consented events are dropped while consent is denied
 * (also by Global Privacy Control) and follow the configuration; error events always go.
 */
export function track(event: AnalyticsEvent): void {
  if (!isBrowser) return;
  const consent = currentConsent();
  if (!isWanted(event, consent)) return;
  queue.push({ event, consent, bytes: encoder.encode(JSON.stringify(event)).length + 1 });
  flushTimer ??= setTimeout(flushEvents, FLUSH_INTERVAL_MS);
}

function send(batch: EventBatch): void {
  const body = JSON.stringify(batch);
  // A string body goes as text/plain, which needs no preflight; the server reads it as JSON.
  if (navigator.sendBeacon?.(EVENTS_PATH, body)) return;
  fetch(EVENTS_PATH, {
    method: "POST",
    body,
    keepalive: true,
    credentials: "same-origin",
    headers: { "content-type": "text/plain;charset=UTF-8" },
  }).catch(() => {
    // Analytics never disturbs the page; a lost batch is lost.
  });
}

/** Sends everything queued: batches of one consent, within the count and size limits. */
export function flushEvents(): void {
  if (flushTimer !== null) clearTimeout(flushTimer);
  flushTimer = null;
  while (queue.length > 0) {
    const consent = queue[0]!.consent;
    const events: AnalyticsEvent[] = [];
    let bytes = BATCH_OVERHEAD_BYTES;
    while (
      queue.length > 0 &&
      queue[0]!.consent === consent &&
      events.length < MAX_EVENTS_PER_BATCH &&
      (events.length === 0 || bytes + queue[0]!.bytes <= MAX_EVENT_BATCH_BYTES)
    ) {
      const next = queue.shift()!;
      events.push(next.event);
      bytes += next.bytes;
    }
    send({ consent, events });
  }
}

function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) {
    return { message: error.message || error.name, stack: error.stack || undefined };
  }
  if (typeof error === "string") return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/** The stack's first frame: V8 writes "    at …", Firefox and Safari "name@url:line:col". */
function topFrameOf(stack: string | undefined): string {
  return (
    stack
      ?.split("\n")
      .find((line) => /^\s*at\s|@/.test(line))
      ?.trim() ?? ""
  );
}

/**
 * An unhandled error, a rejected promise or an error boundary's catch, sent as
 * app_exception with or without consent. Each distinct message and top frame once per page
 * load, and at most MAX_ERROR_REPORTS in all.
 */
export function reportError(error: unknown, kind: "error" | "rejection" | "boundary"): void {
  if (!isBrowser || reportedErrors.size >= MAX_ERROR_REPORTS) return;
  const { message, stack } = describeError(error);
  const identity = `${message}\n${topFrameOf(stack)}`;
  if (reportedErrors.has(identity)) return;
  reportedErrors.add(identity);
  track({
    name: "app_exception",
    path: currentPath(),
    error: {
      kind,
      message: (message || "Unknown error").slice(0, MAX_ERROR_MESSAGE_LENGTH),
      ...(stack ? { stack: stack.slice(0, MAX_ERROR_STACK_LENGTH) } : {}),
    },
  });
}

/** Reports what nothing else caught. Call once, as early as the page's scripts run. */
export function listenForErrors(): void {
  window.addEventListener("error", (event) => reportError(event.error ?? event.message, "error"));
  window.addEventListener("unhandledrejection", (event) => reportError(event.reason, "rejection"));
}

if (isBrowser) {
  // The page may be closed or frozen without another chance: send what waits now.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flushEvents();
  });
  window.addEventListener("pagehide", flushEvents);
  // A withdrawal stops consented events at once, also those already queued; the errors stay,
  // anonymous.
  onConsentChange((consent) => {
    if (consent === "granted") return;
    queue = queue
      .filter((queued) => isAlwaysTracked(queued.event.name))
      .map((queued) => ({ ...queued, consent: "denied" }));
  });
}
