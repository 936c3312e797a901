import { AppError, type ErrorCode } from "#server/core/errors.server";
import { withoutBidiControls } from "~/lib/comment-rules";

// The records both export formats are read into (docs/comment-import.md). A record that cannot be
// imported keeps its place with a `problem`, so the report can name it and its replies can tell
// their parent is missing.

export interface ExportThread {
  kind: "thread";
  /** The thread's id in the file (Disqus: dsq:id). */
  key: string;
  /** Where it starts in the file (XML) or null (JSON). */
  line: number | null;
  /** How a report names it: `thread 12` or `threads[3]`. */
  record: string;
  link: string | null;
  title: string | null;
  /** The old site's identifier of the page (Disqus: `<id>`). */
  identifier: string | null;
  /** JSON only: the tool named outright. */
  toolId: string | null;
  slug: string | null;
  isDeleted: boolean;
  isClosed: boolean;
  problem: string | null;
}

export interface ExportPost {
  kind: "post";
  key: string;
  line: number | null;
  record: string;
  threadKey: string | null;
  parentKey: string | null;
  authorName: string;
  createdAt: Date | null;
  body: string;
  bodyFormat: "html" | "markdown";
  isDeleted: boolean;
  isSpam: boolean;
  /** JSON only: 1 to 5 on a top-level comment. */
  rating: number | null;
  problem: string | null;
}

export type ExportRecord = ExportThread | ExportPost;

export interface ReadLimits {
  /** Bytes after decompression. */
  maxBytes: number;
  maxPosts: number;
  maxThreads: number;
  /** Elements inside elements (XML) or containers inside containers (JSON). */
  maxDepth: number;
  /** XML elements, or JSON values. */
  maxElements: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxBytes: 512 * 1024 * 1024,
  maxPosts: 1_000_000,
  maxThreads: 200_000,
  // A Disqus export nests 4 levels (disqus, post, author, name), our JSON format 3: a file far
  // deeper is not an export, and refusing it at once spares reading it.
  maxDepth: 16,
  // Far above what the post and thread caps allow (about a dozen elements a record).
  maxElements: 25_000_000,
};

/** The JSON format is read whole, so it has a cap of its own. */
export const MAX_JSON_BYTES = 64 * 1024 * 1024;

/** The longest author name kept; longer ones are cut. */
export const MAX_AUTHOR_NAME = 100;
/** The longest message read (characters of HTML or Markdown); a longer one is skipped. */
export const MAX_MESSAGE_CHARS = 100_000;

/**
 * The file cannot be read at all; `line` says where, when known. A file past one of the reading
 * limits is TOO_LARGE (413), any other unreadable file INVALID.
 */
export class CommentFileError extends AppError {
  constructor(
    readonly line: number | null,
    readonly reason: string,
    code: ErrorCode = "INVALID",
  ) {
    super(code, line === null ? reason : `Line ${line}: ${reason}`);
  }
}

/** Counts the bytes that pass and refuses the file once they cross the cap (gzip bombs too). */
export async function* capBytes(
  chunks: AsyncIterable<Buffer>,
  maxBytes: number,
  onBytes?: (bytes: number) => void,
): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.length;
    if (total > maxBytes) {
      throw new CommentFileError(
        null,
        `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB once uncompressed.`,
        "TOO_LARGE",
      );
    }
    onBytes?.(total);
    yield chunk;
  }
}

/** Control characters go; white space was made spaces before. */
function visibleChar(char: string): string {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f ? "" : char;
}

/** Something@domain.tld anywhere in a name: a guest who typed their address as their name. */
const EMAIL_ADDRESS = /[^\s@]+@[^\s@]+\.[^\s@]+/;

/**
 * An author's name as shown: one line, no control characters, at most MAX_AUTHOR_NAME. A
 * candidate holding an email address is skipped: no part of an address is ever shown.
 */
export function authorNameOf(...candidates: (string | null | undefined)[]): string {
  for (const candidate of candidates) {
    if (EMAIL_ADDRESS.test(candidate ?? "")) continue;
    const name = withoutBidiControls(candidate ?? "")
      .replace(/\s+/g, " ")
      .replace(/./gu, visibleChar)
      .normalize("NFC")
      .trim();
    if (name) return [...name].slice(0, MAX_AUTHOR_NAME).join("");
  }
  return "Anonymous";
}

/** An export's date: ISO 8601, taken as UTC when it names no zone (Disqus writes both). */
export function dateOf(text: string | null | undefined): Date | null {
  const match =
    /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?(Z|[+-]\d{2}:?\d{2})?$/.exec(
      (text ?? "").trim(),
    );
  if (!match) return null;
  const [, day, time = "00:00:00", zone = "Z"] = match;
  const date = new Date(`${day}T${time}${zone.replace(/^([+-]\d{2})(\d{2})$/, "$1:$2")}`);
  return Number.isNaN(date.getTime()) ? null : date;
}
