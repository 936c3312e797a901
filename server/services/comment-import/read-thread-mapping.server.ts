import { CsvError, parse } from "csv-parse/sync";
import { z } from "zod";
import { jsonBoundsProblem } from "#server/core/json-bounds.server";
import { CommentFileError } from "./export-records.server";
import { mappingKeyOf } from "./match-thread.server";

export interface MappingEntry {
  /** As mappingKeyOf writes it. */
  key: string;
  tool: string;
  /** CSV: the line; JSON: the entry's position from 1. */
  line: number;
}

const jsonMapping = z.union([
  z.record(z.string().min(1).max(2_000), z.string().min(1).max(200)),
  z.array(
    z.strictObject({ thread: z.string().min(1).max(2_000), tool: z.string().min(1).max(200) }),
  ),
]);

/** Either mapping shape nests two levels; a pair is two or three values. */
const MAPPING_JSON_BOUNDS = { maxDepth: 4, maxValues: 1_000_000 };

/**
 * A mapping file (docs/comment-import.md): CSV with the columns `thread,tool`, or JSON, either
 * `{ "<thread>": "<tool>" }` or `[{ "thread": ..., "tool": ... }]`. A thread is its link (any
 * domain), its path, or its identifier; a tool is its id or slug.
 */
export function readThreadMapping(name: string, text: string): MappingEntry[] {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (trimmed === "") return [];
  if (/\.json$/i.test(name) || trimmed.startsWith("{") || trimmed.startsWith("[")) {
    const tooComplex = jsonBoundsProblem(trimmed, MAPPING_JSON_BOUNDS);
    if (tooComplex) {
      throw new CommentFileError(null, `The mapping file ${name} ${tooComplex}.`, "TOO_LARGE");
    }
    let data: unknown;
    try {
      data = JSON.parse(trimmed);
    } catch {
      throw new CommentFileError(null, `The mapping file ${name} is not valid JSON.`);
    }
    const parsed = jsonMapping.safeParse(data);
    if (!parsed.success) {
      throw new CommentFileError(
        null,
        `The mapping file ${name} is neither { "thread": "tool" } nor [{ "thread", "tool" }].`,
      );
    }
    const pairs = Array.isArray(parsed.data)
      ? parsed.data.map(({ thread, tool }) => [thread, tool] as const)
      : Object.entries(parsed.data);
    return pairs.map(([thread, tool], index) => ({
      key: mappingKeyOf(thread),
      tool: tool.trim(),
      line: index + 1,
    }));
  }
  let rows: { thread?: string; tool?: string }[];
  try {
    rows = parse(trimmed, { columns: true, skip_empty_lines: true, trim: true, bom: true });
  } catch (error) {
    const line =
      error instanceof CsvError ? ((error as CsvError & { lines?: number }).lines ?? null) : null;
    throw new CommentFileError(line, `The mapping file ${name} is not valid CSV.`);
  }
  const first = rows[0];
  if (first && (first.thread === undefined || first.tool === undefined)) {
    throw new CommentFileError(1, `The mapping file ${name} needs the columns thread,tool.`);
  }
  return rows
    .map((row, index) => ({
      key: mappingKeyOf(row.thread ?? ""),
      tool: (row.tool ?? "").trim(),
      line: index + 2,
    }))
    .filter((entry) => entry.key !== "id:" && entry.tool !== "");
}
