import { SaxesParser, type SaxesTagNS } from "saxes";
import {
  authorNameOf,
  capBytes,
  CommentFileError,
  dateOf,
  DEFAULT_READ_LIMITS,
  MAX_MESSAGE_CHARS,
  type ExportPost,
  type ExportRecord,
  type ExportThread,
  type ReadLimits,
} from "./export-records.server";

const DISQUS_NS = "http://disqus.com";
const INTERNALS_NS = "http://disqus.com/disqus-internals";

/** Field text past this is not kept (titles, links, names); a message has its own cap. */
const MAX_FIELD_CHARS = 2_000;

/** The fields read, by their path inside a record; everything else (emails included) is skipped. */
const THREAD_FIELDS = new Set(["id", "link", "title", "isDeleted", "isClosed"]);
const POST_FIELDS = new Set([
  "message",
  "createdAt",
  "isDeleted",
  "isSpam",
  "author/name",
  "author/username",
  "author/isAnonymous",
]);

interface OpenRecord {
  kind: "thread" | "post";
  key: string | null;
  line: number;
  fields: Map<string, string>;
  threadKey: string | null;
  parentKey: string | null;
  isMessageTooLong: boolean;
}

/**
 * Reads a Disqus XML export as it streams (saxes, namespaces on): threads and posts in file order,
 * whatever that order is. DOCTYPE declarations are refused, so no entity can be declared, let
 * alone expanded (no XXE, no billion laughs); saxes itself knows only the five predefined entities
 * and character references. Malformed XML stops the read with its line; a malformed record is
 * yielded with its problem. Bytes, records, elements and nesting are capped as they arrive, so the
 * work per chunk stays small: a file nested far deeper than an export is refused at its first
 * levels rather than read.
 */
export async function* readDisqusExport(
  chunks: AsyncIterable<Buffer>,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): AsyncGenerator<ExportRecord> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const ready: ExportRecord[] = [];
  // Element local names from the root, "" for elements outside the Disqus namespace.
  const stack: string[] = [];
  let current: OpenRecord | null = null;
  let field: string | null = null;
  let text = "";
  let threads = 0;
  let posts = 0;
  let elements = 0;

  const fail = (reason: string): never => {
    throw new CommentFileError(parser.line, reason);
  };
  const refuse = (reason: string): never => {
    throw new CommentFileError(parser.line, reason, "TOO_LARGE");
  };
  parser.on("error", (error) => fail(error.message.replace(/^\d+:\d+: /, "")));
  parser.on("doctype", () =>
    fail("the file declares a DOCTYPE. Disqus exports have none; DTDs and entities are refused."),
  );
  parser.on("xmldecl", (declaration) => {
    if (declaration.encoding && !/^utf-?8$/i.test(declaration.encoding)) {
      fail(`the file is encoded as ${declaration.encoding}; only UTF-8 is read.`);
    }
  });

  parser.on("opentag", (tag: SaxesTagNS) => {
    const name = tag.uri === DISQUS_NS ? tag.local : "";
    const depth = stack.length;
    if (depth >= limits.maxDepth) {
      refuse(`the file is nested deeper than ${limits.maxDepth.toLocaleString("en-US")} levels.`);
    }
    if (++elements > limits.maxElements) {
      refuse(`the file has more than ${limits.maxElements.toLocaleString("en-US")} elements.`);
    }
    stack.push(name);
    if (depth === 0) {
      if (name !== "disqus") {
        fail(
          `this is not a Disqus export: the root element is <${tag.name}>, not <disqus xmlns="${DISQUS_NS}">.`,
        );
      }
      return;
    }
    if (depth === 1) {
      if (name === "thread" || name === "post") {
        if (name === "thread" && ++threads > limits.maxThreads) {
          refuse(`the file has more than ${limits.maxThreads.toLocaleString("en-US")} threads.`);
        }
        if (name === "post" && ++posts > limits.maxPosts) {
          refuse(`the file has more than ${limits.maxPosts.toLocaleString("en-US")} posts.`);
        }
        current = {
          kind: name,
          key: internalIdOf(tag),
          line: parser.line,
          fields: new Map(),
          threadKey: null,
          parentKey: null,
          isMessageTooLong: false,
        };
      }
      return;
    }
    if (!current) return;
    const path = stack.slice(2).join("/");
    if (current.kind === "post" && depth === 2 && name === "thread") {
      current.threadKey = internalIdOf(tag);
    } else if (current.kind === "post" && depth === 2 && name === "parent") {
      current.parentKey = internalIdOf(tag);
    } else if ((current.kind === "thread" ? THREAD_FIELDS : POST_FIELDS).has(path)) {
      field = path;
      text = "";
    }
  });

  const onText = (chunk: string) => {
    if (!field || !current) return;
    const cap = field === "message" ? MAX_MESSAGE_CHARS : MAX_FIELD_CHARS;
    if (text.length + chunk.length > cap) {
      if (field === "message") current.isMessageTooLong = true;
      text += chunk.slice(0, Math.max(0, cap - text.length));
    } else {
      text += chunk;
    }
  };
  parser.on("text", onText);
  parser.on("cdata", onText);

  parser.on("closetag", () => {
    const depth = stack.length - 1;
    stack.pop();
    if (!current) return;
    if (depth === 1) {
      ready.push(current.kind === "thread" ? threadOf(current) : postOf(current));
      current = null;
    } else if (field !== null && stack.slice(2).join("/") === parentPathOf(field)) {
      current.fields.set(field, text);
      field = null;
      text = "";
    }
  });

  const decoder = new TextDecoder("utf-8", { fatal: true });
  const decode = (chunk?: Buffer) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      return fail("the file is not valid UTF-8.");
    }
  };
  for await (const chunk of capBytes(chunks, limits.maxBytes)) {
    parser.write(decode(chunk));
    yield* ready;
    ready.length = 0;
  }
  parser.write(decode());
  parser.close();
  yield* ready;
}

function parentPathOf(field: string): string {
  return field.includes("/") ? field.slice(0, field.lastIndexOf("/")) : "";
}

function internalIdOf(tag: SaxesTagNS): string | null {
  for (const attribute of Object.values(tag.attributes)) {
    if (attribute.uri === INTERNALS_NS && attribute.local === "id") {
      return attribute.value.trim() || null;
    }
  }
  return null;
}

function isTrue(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === "true";
}

function textOf(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function threadOf(open: OpenRecord): ExportThread {
  return {
    kind: "thread",
    key: open.key ?? "",
    line: open.line,
    record: `thread ${open.key ?? "without dsq:id"}`,
    link: textOf(open.fields.get("link")),
    title: textOf(open.fields.get("title")),
    identifier: textOf(open.fields.get("id")),
    toolId: null,
    slug: null,
    isDeleted: isTrue(open.fields.get("isDeleted")),
    isClosed: isTrue(open.fields.get("isClosed")),
    problem: open.key ? null : "The thread has no dsq:id.",
  };
}

function postOf(open: OpenRecord): ExportPost {
  const createdAt = dateOf(open.fields.get("createdAt"));
  const problem = !open.key
    ? "The post has no dsq:id."
    : !open.threadKey
      ? "The post names no thread."
      : !createdAt
        ? `The post's createdAt is not a date: "${(open.fields.get("createdAt") ?? "").slice(0, 40)}".`
        : open.isMessageTooLong
          ? `The message is longer than ${MAX_MESSAGE_CHARS.toLocaleString("en-US")} characters.`
          : null;
  const isAnonymous = isTrue(open.fields.get("author/isAnonymous"));
  return {
    kind: "post",
    key: open.key ?? "",
    line: open.line,
    record: `post ${open.key ?? "without dsq:id"}`,
    threadKey: open.threadKey,
    parentKey: open.parentKey,
    // An anonymous author's username is Disqus's, not a name they chose.
    authorName: authorNameOf(
      open.fields.get("author/name"),
      isAnonymous ? null : open.fields.get("author/username"),
    ),
    createdAt,
    body: open.fields.get("message") ?? "",
    bodyFormat: "html",
    isDeleted: isTrue(open.fields.get("isDeleted")),
    isSpam: isTrue(open.fields.get("isSpam")),
    rating: null,
    problem,
  };
}
