import type { AnalyticsRange } from "~/lib/analytics";

const DAY_FORMAT = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** A YYYY-MM-DD day for reading, e.g. "3 Feb 2026" (the same on the server and in the browser). */
export function formatDay(day: string): string {
  return DAY_FORMAT.format(new Date(`${day}T00:00:00Z`));
}

/** A range for reading, e.g. "3 Feb 2026 to 9 Feb 2026". */
export function describeRange(range: AnalyticsRange): string {
  return `${formatDay(range.from)} to ${formatDay(range.to)}`;
}
