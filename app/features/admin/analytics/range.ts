import type { AnalyticsRange } from "~/lib/analytics";
import { addDays, daysBetween } from "~/lib/utc-days";

// The dashboard's range lives in the address (?from=YYYY-MM-DD&to=YYYY-MM-DD, UTC days, both ends
// included), so a range can be shared, bookmarked and chosen without JavaScript.

export const PRESET_DAYS = [7, 28, 90] as const;
export const DEFAULT_PRESET_DAYS = 28;

/** The last `days` days, today included. */
export function lastDays(today: string, days: number): AnalyticsRange {
  return { from: addDays(today, 1 - days), to: today };
}

/** The days of `range`, both ends included. */
export function lengthOf(range: AnalyticsRange): number {
  return daysBetween(range.from, range.to) + 1;
}

/** The address of a range on the dashboard. */
export function rangeHref(range: AnalyticsRange): string {
  return `/admin/analytics?${new URLSearchParams({ from: range.from, to: range.to })}`;
}
