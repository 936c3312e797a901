import { z } from "zod";
import { plainText } from "./plain-text";

// Comment migration: the request's options and the report, shared by the API, the CLI
// and the admin page (docs/comment-import.md).

/** The largest upload (an .xml, .xml.gz or .json file as sent). */
export const MAX_COMMENT_UPLOAD_BYTES = 256 * 1024 * 1024;
/** The largest mapping file (CSV or JSON). */
export const MAX_MAPPING_BYTES = 1024 * 1024;

export type CommentFileFormat = "disqus" | "json";

/** A file's format from its name, or null when it is none we read. */
export function commentFileFormatOf(
  fileName: string,
): { format: CommentFileFormat; isGzip: boolean } | null {
  if (/\.xml$/i.test(fileName)) return { format: "disqus", isGzip: false };
  if (/\.xml\.gz$/i.test(fileName)) return { format: "disqus", isGzip: true };
  if (/\.json$/i.test(fileName)) return { format: "json", isGzip: false };
  if (/\.json\.gz$/i.test(fileName)) return { format: "json", isGzip: true };
  return null;
}

/** Sources the site's own comments use: an import may never take (or replace) them. */
export const RESERVED_SOURCES = ["native", "demo"];

export const commentSourceSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9][a-z0-9._-]{0,39}$/,
    "Use 1 to 40 letters, digits, dots, dashes or underscores for the source.",
  )
  .refine((source) => !RESERVED_SOURCES.includes(source), {
    message: "The sources native and demo are the site's own comments.",
  });

const flag = z
  .enum(["0", "1"])
  .default("0")
  .transform((value) => value === "1");

/** POST /api/admin/comment-import query. */
export const commentImportQuerySchema = z.object({
  name: z.string().trim().min(1).max(200).check(plainText("The file name")),
  /** The source the comments are recorded under; the file's own (JSON) or "disqus" when absent. */
  source: commentSourceSchema.optional(),
  dryRun: flag,
  replace: flag,
  /** The body starts with a mapping file of this many bytes, then the export. */
  mappingBytes: z.coerce.number().int().min(0).max(MAX_MAPPING_BYTES).default(0),
  mappingName: z.string().trim().max(200).check(plainText("The mapping file name")).optional(),
  /** Answer with progress lines, then the report (application/x-ndjson). */
  stream: flag,
});

export type CommentImportPhase = "reading" | "checking" | "importing";

export interface CommentImportProgress {
  phase: CommentImportPhase;
  done: number;
  total: number;
}

/** Something wrong in the file: a record skipped, or the reason the whole file was refused. */
export interface CommentImportProblem {
  /** The line the record starts on (XML), or null (JSON: `record` names its place). */
  line: number | null;
  record: string | null;
  message: string;
}

export interface MatchedThreadSample {
  thread: string;
  link: string | null;
  title: string | null;
  matchedBy: "path" | "alias" | "old-slug" | "id" | "slug" | "tool-id" | "mapping";
  tool: { id: string; name: string; path: string };
  comments: number;
}

export interface UnmatchedThreadSample {
  thread: string;
  link: string | null;
  title: string | null;
  identifier: string | null;
  comments: number;
}

export interface CommentImportCounts {
  threads: number;
  matchedThreads: number;
  unmatchedThreads: number;
  /** Threads marked deleted: their comments are skipped. */
  deletedThreads: number;
  /** Tools that get comments (several threads of one tool merge). */
  tools: number;
  /** Posts and comments in the file. */
  posts: number;
  /** What the import writes (or would): new comments, placeholders included. */
  toImport: number;
  imported: number;
  alreadyImported: number;
  skippedSpam: number;
  skippedDeleted: number;
  /** Deleted comments kept, without their text, because replies hang on them. */
  placeholders: number;
  /** Replies whose parent is not in the file: shown at the thread's top level, flagged. */
  orphans: number;
  /** Comments in threads that match no tool (not imported). */
  inUnmatchedThreads: number;
  /** Records skipped as malformed (see problems). */
  invalid: number;
  /** Comments carrying a rating (JSON only). */
  ratings: number;
  /** Comments of an earlier import of this source removed by replace. */
  replaced: number;
  /** Comments of an earlier import kept by replace because people replied to them here. */
  keptForReplies: number;
}

export interface CommentImportReport extends CommentImportCounts {
  jobId: number;
  dryRun: boolean;
  replace: boolean;
  /** succeeded: done (dry run: would be). rejected: the file was refused, nothing written. failed: a batch failed; the batches before it stay. */
  status: "succeeded" | "rejected" | "failed";
  message: string;
  format: CommentFileFormat;
  source: string;
  fileName: string;
  matchedSamples: MatchedThreadSample[];
  unmatchedSamples: UnmatchedThreadSample[];
  problems: CommentImportProblem[];
  elapsedMs: number;
}

/** One line of the migration history. */
export interface CommentImportJobSummary {
  id: number;
  userEmail: string;
  fileName: string;
  source: string;
  dryRun: boolean;
  replace: boolean;
  status: CommentImportReport["status"];
  matchedThreads: number;
  unmatchedThreads: number;
  imported: number;
  toImport: number;
  alreadyImported: number;
  message: string;
  finishedAt: string;
}
