import { neutraliseCell } from "~/lib/csv-cell";

// CSV built in the browser for a chart's download (RFC 4180: CRLF lines, quoted where needed).

export type CsvValue = string | number | null;

/** One cell: text guarded against formulas (neutraliseCell), numbers as they are. */
export function csvCell(value: CsvValue): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = neutraliseCell(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A header row and the rows under it, as one CSV text. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
