import { z } from "zod";
import {
  isAlwaysTracked,
  MAX_ERROR_MESSAGE_LENGTH,
  MAX_ERROR_STACK_LENGTH,
  MAX_EVENTS_PER_BATCH,
  MAX_RANGE_DAYS,
} from "./analytics";
import { plainText } from "./plain-text";
import { addDays, daysBetween, utcDayOf } from "./utc-days";

// The schemas of analytics input at the server's boundary (POST /api/events, the
// configuration's answer, the dashboard's range). Kept apart from ./analytics.ts so the pages'
// analytics code does not carry zod.

/** A page's path as the browser sends it: the server keeps only utm_* in its query. */
const path = z.string().min(1).max(2_048).startsWith("/").check(plainText("The path"));
const toolId = z.string().min(1).max(128).check(plainText("The tool id"));

const errorDetails = z.strictObject({
  /** Where it was caught: window.onerror, an unhandled rejection, a React error boundary. */
  kind: z.enum(["error", "rejection", "boundary"]),
  message: z
    .string()
    .max(MAX_ERROR_MESSAGE_LENGTH)
    .check(plainText("The error message", { multiline: true })),
  stack: z
    .string()
    .max(MAX_ERROR_STACK_LENGTH)
    .check(plainText("The stack", { multiline: true }))
    .optional(),
});

const analyticsEventSchema = z.discriminatedUnion("name", [
  z.strictObject({
    name: z.literal("page_view"),
    path,
    referrer: z.string().max(2_048).check(plainText("The referrer")).optional(),
  }),
  z.strictObject({
    name: z.literal("detailed_page_view"),
    path,
    /** The browse page's search, trimmed, and how many tools it found. */
    search: z.string().trim().max(200).check(plainText("The search")).optional(),
    resultCount: z.number().int().min(0).max(1_000_000).optional(),
  }),
  z.strictObject({ name: z.literal("tool_view"), path, toolId }),
  z.strictObject({ name: z.literal("tool_like"), path, toolId, liked: z.boolean() }),
  z.strictObject({ name: z.literal("consent_update"), path, consent: z.literal("granted") }),
  z.strictObject({
    name: z.literal("app_update"),
    path,
    version: z.string().min(1).max(64).check(plainText("The version")),
  }),
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

/** The dashboard's earliest day: older ranges (and the one before them) mean nothing here. */
const EARLIEST_RANGE_DAY = "2000-01-01";

/** The latest day a range may reach: tomorrow in UTC, as it is already today east of UTC. */
function latestRangeDay(now: Date = new Date()): string {
  return addDays(utcDayOf(now), 1);
}

const dayOf = (end: "start" | "end") =>
  z.iso
    .date({ message: "Use a date such as 2026-01-31.", abort: true })
    .refine((day) => day >= EARLIEST_RANGE_DAY, "Choose dates from 2000 on.")
    .refine((day) => day <= latestRangeDay(), `The ${end} date cannot be in the future.`);

export const analyticsRangeSchema = z
  .strictObject({ from: dayOf("start"), to: dayOf("end") })
  .refine((range) => range.from <= range.to, {
    message: "The start date must not be after the end date.",
    path: ["from"],
  })
  .refine((range) => daysBetween(range.from, range.to) < MAX_RANGE_DAYS, {
    message: `Choose at most ${MAX_RANGE_DAYS} days.`,
    path: ["to"],
  });
export type AnalyticsRange = z.infer<typeof analyticsRangeSchema>;
