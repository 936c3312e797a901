import { z } from "zod";
import {
  authorNameOf,
  capBytes,
  CommentFileError,
  dateOf,
  DEFAULT_READ_LIMITS,
  MAX_JSON_BYTES,
  MAX_MESSAGE_CHARS,
  type ExportPost,
  type ExportThread,
  type ReadLimits,
} from "./export-records.server";
import { jsonBoundsProblem } from "#server/core/json-bounds.server";

// Our own export format (docs/comment-import.md holds its JSON Schema, made from these schemas and
// checked against them by a test). No transforms here, so the schema can be written out.

const recordId = z.string().min(1).max(200);

export const commentJsonThreadSchema = z.strictObject({
  id: recordId.describe("The thread's id in this file; comments name it in `thread`."),
  link: z.string().max(2_000).optional().describe("The page's address on the old site."),
  title: z.string().max(500).optional(),
  slug: z.string().max(200).optional().describe("A tool's slug on this site."),
  toolId: z.string().max(200).optional().describe("A tool's id on this site."),
  isDeleted: z.boolean().optional().describe("A deleted thread: its comments are skipped."),
});

export const commentJsonCommentSchema = z.strictObject({
  id: recordId.describe("Unique within the source: a re-run skips ids already imported."),
  thread: recordId,
  parent: recordId.nullable().optional().describe("The id of the comment this one answers."),
  author: z.string().max(200).describe("The author's display name (no email address)."),
  createdAt: z.iso
    .datetime({ offset: true })
    .describe("ISO 8601 with a zone, e.g. 2021-03-04T10:00:00Z."),
  format: z.enum(["html", "markdown"]),
  body: z.string().max(MAX_MESSAGE_CHARS),
  rating: z
    .number()
    .int()
    .min(1)
    .max(5)
    .nullable()
    .optional()
    .describe("1 to 5, on top-level comments only."),
  isDeleted: z.boolean().optional(),
  isSpam: z.boolean().optional(),
});

export const commentJsonFileSchema = z.strictObject({
  $schema: z.string().optional(),
  source: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]{0,39}$/)
    .describe(
      "Where the comments come from; not native or demo. Imports are idempotent per source.",
    ),
  threads: z.array(commentJsonThreadSchema),
  comments: z.array(commentJsonCommentSchema),
});

const fileShape = z.object({
  source: commentJsonFileSchema.shape.source,
  threads: z.array(z.unknown()),
  comments: z.array(z.unknown()),
});

export interface CommentJsonFile {
  source: string;
  records: (ExportThread | ExportPost)[];
}

function problemOf(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return `${where}${issue.message}`;
}

/** A JSON.parse failure's place as a line number, when the engine names a position. */
function lineOfJsonError(text: string, message: string): number | null {
  const line = /line (\d+)/.exec(message);
  if (line) return Number(line[1]);
  const position = /position (\d+)/.exec(message);
  if (!position) return null;
  return text.slice(0, Number(position[1])).split("\n").length;
}

/**
 * Reads the JSON format whole (at most MAX_JSON_BYTES, nesting and values within the limits,
 * checked before it is parsed); each record is checked on its own.
 */
export async function readCommentJson(
  chunks: AsyncIterable<Buffer>,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): Promise<CommentJsonFile> {
  const parts: Buffer[] = [];
  for await (const chunk of capBytes(chunks, Math.min(limits.maxBytes, MAX_JSON_BYTES))) {
    parts.push(chunk);
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(parts));
  } catch {
    throw new CommentFileError(null, "The file is not valid UTF-8.");
  }
  const tooComplex = jsonBoundsProblem(text, {
    maxDepth: limits.maxDepth,
    maxValues: limits.maxElements,
  });
  if (tooComplex) throw new CommentFileError(null, `The file ${tooComplex}.`, "TOO_LARGE");
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new CommentFileError(
      lineOfJsonError(text, message),
      `the file is not valid JSON (${message.replace(/^JSON\.parse: /, "")}).`,
    );
  }
  const shape = fileShape.safeParse(data);
  if (!shape.success) {
    throw new CommentFileError(
      null,
      `The file does not have the comment import format: ${problemOf(shape.error)}. See docs/comment-import.md.`,
    );
  }
  const { threads, comments, source } = shape.data;
  if (threads.length > limits.maxThreads) {
    throw new CommentFileError(
      null,
      `The file has more than ${limits.maxThreads.toLocaleString("en-US")} threads.`,
      "TOO_LARGE",
    );
  }
  if (comments.length > limits.maxPosts) {
    throw new CommentFileError(
      null,
      `The file has more than ${limits.maxPosts.toLocaleString("en-US")} comments.`,
      "TOO_LARGE",
    );
  }
  const records: (ExportThread | ExportPost)[] = [];
  threads.forEach((value, index) => records.push(threadOf(value, index)));
  comments.forEach((value, index) => records.push(commentOf(value, index)));
  return { source, records };
}

function keyOf(value: unknown): string {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === "string" ? id : "";
}

function threadOf(value: unknown, index: number): ExportThread {
  const parsed = commentJsonThreadSchema.safeParse(value);
  const thread = parsed.success ? parsed.data : null;
  return {
    kind: "thread",
    key: thread?.id ?? keyOf(value),
    line: null,
    record: `threads[${index}]`,
    link: thread?.link?.trim() || null,
    title: thread?.title?.trim() || null,
    identifier: thread?.id ?? null,
    toolId: thread?.toolId?.trim() || null,
    slug: thread?.slug?.trim() || null,
    isDeleted: thread?.isDeleted ?? false,
    isClosed: false,
    problem: parsed.success ? null : problemOf(parsed.error),
  };
}

function commentOf(value: unknown, index: number): ExportPost {
  const parsed = commentJsonCommentSchema.safeParse(value);
  const comment = parsed.success ? parsed.data : null;
  const problem = !parsed.success
    ? problemOf(parsed.error)
    : comment?.parent && comment.rating != null
      ? "rating: a reply cannot carry a rating."
      : null;
  return {
    kind: "post",
    key: comment?.id ?? keyOf(value),
    line: null,
    record: `comments[${index}]`,
    threadKey: comment?.thread ?? null,
    parentKey: comment?.parent ?? null,
    authorName: authorNameOf(comment?.author),
    createdAt: comment ? dateOf(comment.createdAt) : null,
    body: comment?.body ?? "",
    bodyFormat: comment?.format ?? "html",
    isDeleted: comment?.isDeleted ?? false,
    isSpam: comment?.isSpam ?? false,
    rating: comment?.rating ?? null,
    problem,
  };
}
