import { stringify } from "csv-stringify/sync";

// Issue 7 import/export format: the spec's field names (spec 3 Tool), nested fields as dotted
// columns in CSV ("pricing.model"), list fields separated by "|".

export const EXPORT_COLUMNS = [
  "id",
  "name",
  "category",
  "subCategory",
  "status",
  "createdAt",
  "likes_total",
  "views",
  "rating_avg",
  "pricing.model",
  "pricing.amount",
  "cardDescription",
  "longDescription",
  "seo.titleTag",
  "seo.metaDescription",
  "metaDescription",
  "hashtags",
  "keyFeatures",
  "websiteUrl",
  "mainImage",
  "image",
] as const;

export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** One tool as the files carry it. Lists are arrays; missing values are null. */
export type FlatTool = Record<ExportColumn, string | number | string[] | null>;

export const LIST_SEPARATOR = "|";

/** JSON export: an array of tools with nested pricing and seo, as spec 3 names them. */
export function toJsonDocument(tools: readonly FlatTool[]): string {
  const nested = tools.map((tool) => {
    const out: Record<string, unknown> = {};
    for (const column of EXPORT_COLUMNS) {
      const [head, tail] = column.split(".") as [string, string | undefined];
      if (tail) out[head] = { ...(out[head] as object | undefined), [tail]: tool[column] };
      else out[head] = tool[column];
    }
    return out;
  });
  return `${JSON.stringify(nested, null, 2)}\n`;
}

/**
 * OWASP CSV injection: a spreadsheet runs a cell that starts with = + - @ (or a tab or carriage
 * return) as a formula. Such a cell is written after an apostrophe, which spreadsheets show as
 * text. A cell that really starts with an apostrophe gets one more, so reading takes exactly one
 * away from any of these and every value comes back as it was.
 */
const ESCAPED_START = /^[=+\-@\t\r']/;

export function neutraliseCell(text: string): string {
  return ESCAPED_START.test(text) ? `'${text}` : text;
}

/** The value of a cell `neutraliseCell` wrote; any other cell is left as it is. */
export function restoreCell(cell: string): string {
  return cell.startsWith("'") && ESCAPED_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** A cell's text: lists joined with "|", text guarded against formulas, no value as "". */
function csvCell(value: string | number | string[] | null): string | number {
  if (value === null) return "";
  if (typeof value === "number") return value;
  return neutraliseCell(Array.isArray(value) ? value.join(LIST_SEPARATOR) : value);
}

/** RFC 4180 with CRLF line ends; a value with any line break (even a lone CR) is quoted. */
export function toCsvDocument(tools: readonly FlatTool[]): string {
  const records = tools.map((tool) => EXPORT_COLUMNS.map((column) => csvCell(tool[column])));
  return stringify([[...EXPORT_COLUMNS], ...records], {
    record_delimiter: "\r\n",
    quoted_match: /[\r\n]/,
  });
}
