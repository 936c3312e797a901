import { CsvError, parse } from "csv-parse/sync";
import { restoreCell } from "~/lib/csv-cell";
import { jsonBoundsProblem, type JsonBounds } from "#server/core/json-bounds.server";
import { FACT_KEYS } from "~/lib/buyer-facts";
import { EXPORT_COLUMNS, LIST_SEPARATOR } from "./catalogue-format.server";
import { fromPublicListColumns, PUBLIC_LIST_COLUMNS } from "./public-list-columns.server";

// Reads an import file into plain rows with the nested names. Values stay as the
// file gives them; validation is the import plan's job, so every problem can name its row.

export type ImportFormat = "json" | "csv";

/** One row of the file: its number (as a person counts it) and the values it carries. */
export interface FileRow {
  /** CSV: the spreadsheet row (the header is row 1). JSON: the position in the array, from 1. */
  number: number;
  values: Record<string, unknown>;
  /** Set when the row cannot be read at all (a CSV row with the wrong number of values). */
  problem?: string;
}

/** A file `isOverLimit` goes past a size limit (rows, nesting, values), not just malformed. */
export type FileReading =
  | { ok: true; rows: FileRow[]; columns: string[] }
  | { ok: false; message: string; isOverLimit?: boolean };

export const MAX_IMPORT_ROWS = 50_000;

/**
 * A JSON import nests three levels (the array, a tool, its pricing or seo) and holds a few dozen
 * values a tool: far past either, it is no export of ours and is refused before it is parsed.
 */
export const CATALOGUE_JSON_BOUNDS: JsonBounds = { maxDepth: 8, maxValues: 3_000_000 };

/**
 * Column names an import understands: the export's, `slug` to match on, and the public lists' own
 * (public-list-columns.server.ts). A JSON file holds the facts as one object, `facts`.
 */
const KNOWN_COLUMNS = new Set<string>([
  ...EXPORT_COLUMNS,
  "slug",
  ...Object.keys(PUBLIC_LIST_COLUMNS),
]);
const KNOWN_JSON_KEYS = new Set<string>([
  ...[...KNOWN_COLUMNS].filter((column) => !column.startsWith("facts.")),
  "facts",
]);
const LIST_COLUMNS = new Set(["hashtags", "keyFeatures"]);
/** Files edited on several systems mix line breaks; each of these ends a record anywhere. */
export const CSV_LINE_BREAKS = ["\r\n", "\n", "\r"];

/**
 * RFC 4180 records (a blank line is a record of one empty field): quoted fields may hold commas,
 * doubled quotes and line breaks. Rows may differ in length (the plan names such a row), and a
 * quote inside an unquoted value is kept as text, as spreadsheets do; so is a value with text after
 * its closing quote (`"a"b` stays `"a"b`).
 */
export function parseCsv(text: string): string[][] | { error: string } {
  const records: string[][] = [];
  try {
    parse(text, {
      relax_column_count: true,
      relax_quotes: true,
      // csv-parse would otherwise keep the first line break it meets and split on that one only.
      record_delimiter: CSV_LINE_BREAKS,
      skip_empty_lines: false,
      on_record: (record: string[]) => {
        records.push(record);
        return record;
      },
    });
    return records;
  } catch (error) {
    if (error instanceof CsvError && error.code === "CSV_QUOTE_NOT_CLOSED") {
      return { error: `A quoted value that starts on line ${lineAfter(records)} never ends.` };
    }
    return { error: "The file is not valid CSV." };
  }
}

/** The line after these records: each takes one line, plus the line breaks its values hold. */
function lineAfter(records: readonly string[][]): number {
  let line = 1;
  for (const record of records) {
    line += 1;
    for (const value of record) line += value.match(/\r\n|\r|\n/g)?.length ?? 0;
  }
  return line;
}

const isBlank = (fields: readonly string[]) => fields.length === 1 && fields[0]!.trim() === "";

/**
 * `pricing.model` -> values.pricing.model; lists split on "|". Empty cells are null. A cell the
 * export guarded against formulas gets its value back.
 */
function csvRowValues(header: readonly string[], fields: readonly string[]) {
  const values: Record<string, unknown> = {};
  header.forEach((column, index) => {
    const cell = restoreCell((fields[index] ?? "").trim());
    const value = LIST_COLUMNS.has(column)
      ? cell === ""
        ? []
        : cell.split(LIST_SEPARATOR).map((item) => item.trim())
      : cell === ""
        ? null
        : cell;
    const [head, tail] = column.split(".") as [string, string | undefined];
    if (tail) values[head] = { ...(values[head] as object | undefined), [tail]: value };
    else values[head] = value;
  });
  return values;
}

function columnsOfJson(rows: readonly Record<string, unknown>[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      if ((key === "pricing" || key === "seo") && value && typeof value === "object") {
        for (const inner of Object.keys(value)) columns.add(`${key}.${inner}`);
      } else {
        columns.add(key);
      }
    }
  }
  return [...columns];
}

function unknownColumnsMessage(
  columns: readonly string[],
  known: ReadonlySet<string> = KNOWN_COLUMNS,
): string | null {
  const unknown = columns.filter((column) => !known.has(column));
  if (unknown.length === 0) return null;
  const unknownFact = unknown.find((column) => column.startsWith("facts."));
  if (unknownFact) {
    return (
      `Row 1 (the header): the column "${unknownFact}" names no fact. ` +
      `The fact columns are: ${FACT_KEYS.map((key) => `facts.${key}`).join(", ")}.`
    );
  }
  return (
    `Unknown ${unknown.length === 1 ? "column" : "columns"}: ${unknown.slice(0, 10).join(", ")}. ` +
    `The columns an import understands are: ${[...KNOWN_COLUMNS].join(", ")}.`
  );
}

export function readCatalogueFile(text: string, format: ImportFormat): FileReading {
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") return { ok: false, message: "The file is empty." };
  if (format === "json") {
    const tooComplex = jsonBoundsProblem(body, CATALOGUE_JSON_BOUNDS);
    if (tooComplex) return { ok: false, message: `The file ${tooComplex}.`, isOverLimit: true };
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch (error) {
      return { ok: false, message: jsonProblem(body, error as Error) };
    }
    if (!Array.isArray(data)) {
      return { ok: false, message: "The JSON file must hold an array of tools." };
    }
    if (data.length > MAX_IMPORT_ROWS) return tooManyRows(data.length);
    const notObject = data.findIndex(
      (item) => !item || typeof item !== "object" || Array.isArray(item),
    );
    if (notObject >= 0) {
      return { ok: false, message: `Item ${notObject + 1} of the array is not an object.` };
    }
    const objects = data as Record<string, unknown>[];
    const columns = columnsOfJson(objects);
    const unknown = unknownColumnsMessage(columns, KNOWN_JSON_KEYS);
    if (unknown) return { ok: false, message: unknown };
    return {
      ok: true,
      columns,
      rows: objects.map((values, index) => withOurColumns({ number: index + 1, values })),
    };
  }
  const records = parseCsv(body);
  if ("error" in records) return { ok: false, message: records.error };
  // Rows keep the numbers a spreadsheet shows them with, blank lines included.
  const headerIndex = records.findIndex((fields) => !isBlank(fields));
  const header = records[headerIndex];
  const data = records
    .map((fields, index) => ({ fields, number: index + 1 }))
    .filter(({ fields }, index) => index > headerIndex && !isBlank(fields));
  const columns = (header ?? []).map((column) => column.trim());
  if (!columns.includes("name")) {
    const isSemicolons = columns.length === 1 && (columns[0] ?? "").includes(";");
    return {
      ok: false,
      message: isSemicolons
        ? "Columns must be separated by commas; this file seems to use semicolons. Save it as CSV with commas (UTF-8)."
        : 'The first row must name the columns, including "name".',
    };
  }
  const repeated = columns.find((column, index) => columns.indexOf(column) !== index);
  if (repeated) return { ok: false, message: `The column "${repeated}" appears twice.` };
  const unknown = unknownColumnsMessage(columns);
  if (unknown) return { ok: false, message: unknown };
  if (data.length > MAX_IMPORT_ROWS) return tooManyRows(data.length);
  return {
    ok: true,
    columns,
    rows: data.map(({ fields, number }) =>
      withOurColumns({
        number,
        values: csvRowValues(columns, fields),
        ...(fields.length !== columns.length && {
          problem: `This row has ${fields.length} values but the first row names ${columns.length} columns.`,
        }),
      }),
    ),
  };
}

/** A row that uses a public list's columns, read as ours (a value they cannot take is its problem). */
function withOurColumns(row: FileRow): FileRow {
  const { values, problems } = fromPublicListColumns(row.values);
  return {
    ...row,
    values,
    ...(!row.problem && problems.length > 0 && { problem: problems.join(" ") }),
  };
}

/** "The file is not valid JSON (line 3, column 7)." from the parser's character position. */
function jsonProblem(text: string, error: Error): string {
  const position = /position (\d+)/.exec(error.message)?.[1];
  if (position === undefined) return "The file is not valid JSON.";
  const before = text.slice(0, Number(position)).split("\n");
  return `The file is not valid JSON (line ${before.length}, column ${before.at(-1)!.length + 1}).`;
}

function tooManyRows(count: number): FileReading {
  return {
    ok: false,
    isOverLimit: true,
    message: `The file has ${count.toLocaleString("en-US")} rows; an import takes at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")}. Split it into smaller files.`,
  };
}
