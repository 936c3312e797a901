import { useSyncExternalStore } from "react";

// Every date on the site reads one way: the reader's locale, medium date style (and a short time
// where the moment matters). The server does not know the reader's locale (and signed-out pages
// are cached for everyone), so it renders a stable, unambiguous form that hydration keeps, and
// the browser then shows its own.

interface DateOptions {
  /** Also the time of day (hours and minutes). */
  withTime?: boolean;
  /**
   * The value is a day (YYYY-MM-DD) rather than an instant: it reads as that day wherever the
   * reader is, not as the moment UTC midnight falls on in the reader's time zone.
   */
  isDay?: boolean;
}

const readerFormats = new Map<string, Intl.DateTimeFormat>();

function readerFormat(withTime: boolean, isDay: boolean, locale?: string): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${withTime}|${isDay}`;
  let format = readerFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: "medium",
      ...(withTime && { timeStyle: "short" }),
      ...(isDay && { timeZone: "UTC" }),
    });
    readerFormats.set(key, format);
  }
  return format;
}

/** The date in the reader's locale and time zone, e.g. "2 Dec 2026" or "Dec 2, 2026". */
export function formatReaderDate(
  instant: string,
  { withTime = false, isDay = false }: DateOptions = {},
  locale?: string,
): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  return readerFormat(withTime, isDay, locale).format(date);
}

/** The server's form, the same for every reader: "2026-12-02", or "2026-12-02 14:05 UTC". */
export function formatStableDate(instant: string, { withTime = false }: DateOptions = {}): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  const iso = date.toISOString();
  return withTime ? `${iso.slice(0, 16).replace("T", " ")} UTC` : iso.slice(0, 10);
}

const neverChanges = () => () => {};

interface LocalDateProps extends DateOptions {
  /** An ISO 8601 instant. */
  value: string;
  className?: string;
}

/** A `<time>` showing `value` in the reader's locale once the page runs in the browser. */
export function LocalDate({ value, withTime = false, isDay = false, className }: LocalDateProps) {
  const text = useSyncExternalStore(
    neverChanges,
    () => formatReaderDate(value, { withTime, isDay }),
    () => formatStableDate(value, { withTime }),
  );
  return (
    <time dateTime={value} className={className}>
      {text}
    </time>
  );
}
