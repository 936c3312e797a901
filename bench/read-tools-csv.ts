import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import type { ToolRow } from "../server/db/schema";
import { CSV_LINE_BREAKS } from "../server/services/import-export/read-catalogue-file.server";
import type {
  toolCardColumns,
  toolSearchColumns,
} from "../server/snapshot/tool-shapes.server";

// Reads a CSV of real tools into the row shape the catalogue snapshot is built from, so the search
// benchmark can run on real text. Columns are found by header name; anything missing is empty.

/** The columns of a tool row that the card and the search index read. */
export type BenchToolRow = Pick<
  ToolRow,
  keyof typeof toolCardColumns | keyof typeof toolSearchColumns
>;

/** Header names accepted for each field, compared lower-cased with spaces and dashes as "_". */
const COLUMN_NAMES = {
  name: ["name", "tool_name", "title"],
  category: ["category", "primary_category"],
  subCategory: ["subcategory", "sub_category", "secondary_category"],
  cardDescription: ["description", "card_description", "short_description"],
  longDescription: ["long_description", "content", "detail", "details"],
  hashtags: ["tags", "hashtags"],
  keyFeatures: ["features", "key_features"],
  views: ["views"],
  likesTotal: ["likes", "likes_total"],
  ratingAvg: ["rating", "rating_avg"],
} as const;

type Column = keyof typeof COLUMN_NAMES;

const headerKey = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

function columnPositions(headers: readonly string[]): Partial<Record<Column, number>> {
  const keys = headers.map(headerKey);
  const positions: Partial<Record<Column, number>> = {};
  for (const [column, names] of Object.entries(COLUMN_NAMES) as [Column, readonly string[]][]) {
    const position = names.map((name) => keys.indexOf(name)).find((index) => index >= 0);
    if (position !== undefined) positions[column] = position;
  }
  return positions;
}

const list = (value: string) =>
  value
    .split(/[,;|]/)
    .map((item) => item.trim())
    .filter(Boolean);

const numberOrZero = (value: string) => (Number.isFinite(Number(value)) ? Number(value) : 0);

/** The tools of a CSV file with a header row; rows without a name are skipped. */
export function readToolsCsv(path: string): BenchToolRow[] {
  const [headers, ...records] = parse(readFileSync(path), {
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    record_delimiter: CSV_LINE_BREAKS,
    skip_empty_lines: true,
  });
  const positions = columnPositions(headers ?? []);
  if (positions.name === undefined) {
    throw new Error(`${path}: no name column among ${JSON.stringify(headers)}`);
  }
  const rows: BenchToolRow[] = [];
  for (const record of records) {
    const cell = (column: Column) => {
      const position = positions[column];
      return position === undefined ? "" : (record[position] ?? "").trim();
    };
    if (!cell("name")) continue;
    const id = `csv-${String(rows.length + 1).padStart(6, "0")}`;
    rows.push({
      id,
      slug: id,
      name: cell("name"),
      category: cell("category") || null,
      subCategory: cell("subCategory") || null,
      cardDescription: cell("cardDescription") || null,
      pricingModel: null,
      pricingAmount: null,
      ratingAvg: numberOrZero(cell("ratingAvg")),
      views: numberOrZero(cell("views")),
      likesTotal: numberOrZero(cell("likesTotal")),
      image: null,
      mainImage: null,
      createdAt: new Date(0),
      hashtags: list(cell("hashtags")),
      keyFeatures: list(cell("keyFeatures")),
      longDescription: cell("longDescription") || null,
      seoTitleTag: null,
      seoMetaDescription: null,
      facts: {},
      plans: [],
    });
  }
  return rows;
}
