import { stringify } from "csv-stringify/sync";
import { FACT_KEYS, type Fact, type FactKey } from "~/lib/buyer-facts";
import { neutraliseCell } from "~/lib/csv-cell";
import type { PricingPlan } from "~/lib/pricing-plans";

// Import/export format: the tool's field names, nested fields as dotted
// columns in CSV ("pricing.model", "facts.sso"), list fields separated by "|", plans as JSON.

type FactColumn = `facts.${FactKey}`;
const FACT_COLUMNS = FACT_KEYS.map((key) => `facts.${key}` as FactColumn);

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
  ...FACT_COLUMNS,
  "plans",
] as const;

export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

type PlainColumn = Exclude<ExportColumn, FactColumn | "plans">;

/** One tool as the files carry it. Lists are arrays; missing values (and unknown facts) are null. */
export type FlatTool = Record<PlainColumn, string | number | string[] | null> &
  Record<FactColumn, Fact<unknown> | null> & { plans: PricingPlan[] };

export const LIST_SEPARATOR = "|";

/**
 * JSON export: an array of tools with nested pricing, seo and facts (the known ones, each with its
 * provenance) and the plans, under the field names above.
 */
export function toJsonDocument(tools: readonly FlatTool[]): string {
  const nested = tools.map((tool) => {
    const out: Record<string, unknown> = {};
    for (const column of EXPORT_COLUMNS) {
      const [head, tail] = column.split(".") as [string, string | undefined];
      const value = tool[column];
      if (head === "facts" && value === null) {
        out.facts ??= {};
        continue;
      }
      if (tail) out[head] = { ...(out[head] as object | undefined), [tail]: value };
      else out[head] = value;
    }
    return out;
  });
  return `${JSON.stringify(nested, null, 2)}\n`;
}

/**
 * A cell's text: lists joined with "|", a fact or the plans as JSON (no plans: empty), text
 * guarded against formulas, no value as "".
 */
function csvCell(value: FlatTool[ExportColumn]): string | number {
  if (value === null) return "";
  if (typeof value === "number") return value;
  if (typeof value === "string") return neutraliseCell(value);
  if (!Array.isArray(value)) return JSON.stringify(value);
  if (value.length === 0) return "";
  return typeof value[0] === "string"
    ? neutraliseCell(value.join(LIST_SEPARATOR))
    : JSON.stringify(value);
}

/** RFC 4180 with CRLF line ends; a value with any line break (even a lone CR) is quoted. */
export function toCsvDocument(tools: readonly FlatTool[]): string {
  const records = tools.map((tool) => EXPORT_COLUMNS.map((column) => csvCell(tool[column])));
  return stringify([[...EXPORT_COLUMNS], ...records], {
    record_delimiter: "\r\n",
    quoted_match: /[\r\n]/,
  });
}
