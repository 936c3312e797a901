import { z } from "zod";
import { shallowMarkdown } from "./markdown-nesting";
import { plainText } from "./plain-text";

// Bulk import: the request's options and the report, shared by the API, the CLI and the
// admin page.

/** DESIGN.md 8: imports are bounded (see also MAX_IMPORT_ROWS on the server). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

export const importQuerySchema = z.object({
  format: z.enum(["json", "csv"], { error: "Choose format=csv or format=json." }),
  name: z.string().trim().min(1).max(200).check(plainText("The file name")).default("upload"),
  dryRun: z
    .enum(["0", "1"])
    .default("1")
    .transform((value) => value === "1"),
  stream: z
    .enum(["0", "1"])
    .default("0")
    .transform((value) => value === "1"),
});

export const markdownPreviewSchema = z.object({
  source: z
    .string()
    .max(20_000)
    .check(plainText("The Markdown", { multiline: true }), shallowMarkdown("The Markdown")),
});

/** A file's format from its name, or null when it is neither CSV nor JSON. */
export function importFormatOf(fileName: string): "csv" | "json" | null {
  if (/\.csv$/i.test(fileName)) return "csv";
  if (/\.json$/i.test(fileName)) return "json";
  return null;
}

export interface ImportProblem {
  /** The row as a person counts it (CSV: the header is row 1; JSON: the array position from 1). 0: the whole file. */
  row: number;
  name: string | null;
  reasons: string[];
}

export interface ImportProgress {
  phase: "checking" | "writing";
  done: number;
  total: number;
}

export interface ImportReport {
  jobId: number;
  dryRun: boolean;
  /** succeeded: written (in a dry run: would be). rejected: some rows are wrong, nothing written. failed: the file cannot be read. */
  status: "succeeded" | "rejected" | "failed";
  message: string;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** The first rejected rows with their reasons (or the file's one problem, as row 0). */
  problems: ImportProblem[];
  /** The first rows that create or update a tool. */
  samples: {
    row: number;
    kind: "create" | "update";
    name: string;
    matchedBy: string | null;
    changed: string[];
  }[];
  notes: string[];
  elapsedMs: number;
}

/** One line of the import history. */
export interface ImportJobSummary {
  id: number;
  userEmail: string;
  fileName: string;
  dryRun: boolean;
  status: ImportReport["status"];
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  finishedAt: string;
}
