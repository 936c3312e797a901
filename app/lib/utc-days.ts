// Days as YYYY-MM-DD in UTC: the analytics dashboard's ranges, the daily visitor-id salts, the
// dates in export file names. The same on the server and in the browser.

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The UTC day of an instant, as YYYY-MM-DD. */
export function utcDayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** `day` moved by `days` whole days (negative: earlier). */
export function addDays(day: string, days: number): string {
  return utcDayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/**
 * The range a range of days is compared with: as many days, ending the day before it starts.
 * Apart from the analytics constants, which every page loads: only the dashboard needs it.
 */
export function previousRangeOf(range: { from: string; to: string }): { from: string; to: string } {
  const to = addDays(range.from, -1);
  return { from: addDays(to, -daysBetween(range.from, range.to)), to };
}
