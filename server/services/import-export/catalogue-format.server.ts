import { stringify } from "csv-stringify/sync";
import { neutraliseCell } from "~/lib/csv-cell";

// Import/export format: the tool's field names, nested fields as dotted
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

/** JSON export: an array of tools with nested pricing and seo, under the field names above. */
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
