import { daysBetween, type AnalyticsRange } from "~/lib/analytics";

// The dashboard's range lives in the address (?from=YYYY-MM-DD&to=YYYY-MM-DD, UTC days, both ends
// included), so a range can be shared, bookmarked and chosen without JavaScript.

const DAY_MS = 86_400_000;

export const PRESET_DAYS = [7, 28, 90] as const;
export const DEFAULT_PRESET_DAYS = 28;

/** The UTC day of an instant, as YYYY-MM-DD. */
export function utcDayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** `day` moved by `days` whole days (negative: earlier). */
export function addDays(day: string, days: number): string {
  return utcDayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** The last `days` days, today included. */
export function lastDays(today: string, days: number): AnalyticsRange {
  return { from: addDays(today, 1 - days), to: today };
}

/** The days of `range`, both ends included. */
export function lengthOf(range: AnalyticsRange): number {
  return daysBetween(range.from, range.to) + 1;
}

/** The range a chosen range is compared with: as many days, ending the day before it starts. */
export function previousRangeOf(range: AnalyticsRange): AnalyticsRange {
  const to = addDays(range.from, -1);
  return { from: addDays(to, 1 - lengthOf(range)), to };
}

/** The address of a range on the dashboard. */
export function rangeHref(range: AnalyticsRange): string {
  return `/admin/analytics?${new URLSearchParams({ from: range.from, to: range.to })}`;
}
