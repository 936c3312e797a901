import type { AnalyticsRange } from "~/lib/analytics";
import { analyticsRangeSchema } from "~/lib/analytics-schemas";
import { fieldErrorsOf } from "~/lib/field-errors";
import { DEFAULT_PRESET_DAYS, lastDays } from "./range";

// Only the dashboard's loader reads the address: the range's schema stays out of the page's
// JavaScript.

/** What the range form shows: the address's values as typed, or the default range. */
export interface RangeInput {
  from: string;
  to: string;
}

export type RangeReading =
  | { ok: true; input: RangeInput; range: AnalyticsRange }
  | { ok: false; input: RangeInput; problems: { from?: string; to?: string } };

/**
 * Reads the address's range. Neither end given: the default, the last 28 days. One end missing:
 * `to` defaults to today and `from` to 28 days up to `to`; an end that is given is never replaced.
 */
export function readRange(params: URLSearchParams, today: string): RangeReading {
  const to = params.get("to")?.trim() || today;
  const givenFrom = params.get("from")?.trim();
  const from =
    givenFrom ||
    (analyticsRangeSchema.shape.to.safeParse(to).success
      ? lastDays(to, DEFAULT_PRESET_DAYS).from
      : lastDays(today, DEFAULT_PRESET_DAYS).from);
  const input = { from, to };
  const parsed = analyticsRangeSchema.safeParse(input);
  if (parsed.success) return { ok: true, input, range: parsed.data };
  const fields = fieldErrorsOf(parsed.error);
  const isFromFine = analyticsRangeSchema.shape.from.safeParse(from).success;
  const isToFine = analyticsRangeSchema.shape.to.safeParse(to).success;
  // The range's own checks (order, length) compare both ends: with an end that fails its own
  // checks (not a date, before 2000, in the future) they would blame the end that is fine.
  const areBothFine = isFromFine && isToFine;
  return {
    ok: false,
    input,
    problems: {
      from: areBothFine || !isFromFine ? fields.from : undefined,
      to: areBothFine || !isToFine ? fields.to : undefined,
    },
  };
}
