// Mail catcher for the end-to-end suite: a real SMTP server that keeps every message in memory,
// plus a small HTTP API that tests poll through mailbox.ts.
//   node --import tsx tests/e2e/support/mail-catcher.ts
//   env MAIL_CATCHER_SMTP_PORT (default 3225), MAIL_CATCHER_HTTP_PORT (default 3226); 127.0.0.1 only.
// HTTP: GET /healthz, GET /messages[?to=address], DELETE /messages.

import { randomUUID } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import type { CaughtMail } from "./mailbox";

const HOST = "127.0.0.1";
const SMTP_PORT = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 3225);
const HTTP_PORT = Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 3226);

const messages: CaughtMail[] = [];

// ---- MIME parsing: just enough for what nodemailer sends ----
// The raw message is kept as a "binary" (latin1) string, one char per byte, so byte-level decoding
// (quoted-printable, base64, 8bit) stays exact; bytes become text only at the end, by charset.

interface Part {
  headers: Map<string, string>; // lower-cased name -> first value, unfolded, still binary
  body: string;
}

function parsePart(raw: string): Part {
  const blank = /\r?\n\r?\n/.exec(raw);
  const head = blank ? raw.slice(0, blank.index) : raw;
  const body = blank ? raw.slice(blank.index + blank[0].length) : "";
  const headers = new Map<string, string>();
  // Unfolding removes the line break before a continuation line's leading whitespace.
  for (const line of head.replace(/\r?\n(?=[ \t])/g, "").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    if (colon > 0 && !headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** `text/plain; charset="utf-8"` -> { value: "text/plain", params: { charset: "utf-8" } } */
function parseHeaderParams(header = "") {
  const value = (header.split(";")[0] ?? "").trim().toLowerCase();
  const params = new Map<string, string>();
  for (const match of header.matchAll(/;\s*([\w.-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g)) {
    const [, name = "", quoted, bare] = match;
    params.set(
      name.toLowerCase(),
      quoted !== undefined ? quoted.replace(/\\(.)/g, "$1") : (bare ?? ""),
    );
  }
  return { value, params };
}

function decodeText(bytes: Buffer, charset = "utf-8"): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString("utf8"); // unknown charset label
  }
}

function decodeQuotedPrintable(binary: string): Buffer {
  const decoded = binary
    .replace(/[ \t]+(?=\r?\n|$)/g, "") // trailing whitespace is transport padding
    .replace(/=\r?\n/g, "") // soft line breaks
    .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(decoded, "latin1");
}

/** Decodes RFC 2047 encoded-words (=?charset?Q|B?...?=) in a header value. */
function decodeHeader(binary: string): string {
  // Raw 8-bit bytes in a header are taken as UTF-8; encoded-words are plain ASCII either way.
  const value = Buffer.from(binary, "latin1").toString("utf8");
  const word = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;
  // A run of encoded-words separated only by whitespace is one piece of text (RFC 2047 6.2). Its
  // bytes are joined before decoding, because a long subject may split a character across words.
  const run = new RegExp(`${word.source}(?:\\s+${word.source})*`, "g");
  return value.replace(run, (words) => {
    let charset = "utf-8";
    const bytes: Buffer[] = [];
    for (const [, wordCharset = "", encoding = "", text = ""] of words.matchAll(word)) {
      charset = wordCharset.split("*")[0] ?? charset; // drop an RFC 2231 language suffix
      bytes.push(
        encoding.toUpperCase() === "B"
          ? Buffer.from(text, "base64")
          : decodeQuotedPrintable(text.replace(/_/g, " ")),
      );
    }
    return decodeText(Buffer.concat(bytes), charset);
  });
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const bytes =
    encoding === "base64"
      ? Buffer.from(part.body.replace(/\s+/g, ""), "base64")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(part.body)
        : Buffer.from(part.body, "latin1"); // 7bit, 8bit, binary
  const { params } = parseHeaderParams(part.headers.get("content-type"));
  return decodeText(bytes, params.get("charset")).replace(/\r\n/g, "\n");
}

/** The raw parts between `--boundary` delimiter lines (the line break before a delimiter is its own). */
function splitMultipart(body: string, boundary: string): string[] {
  const parts: string[] = [];
  let current: string[] | undefined; // undefined in the preamble
  for (const line of body.split(/\r?\n/)) {
    const trimmed = line.trimEnd();
    if (trimmed === `--${boundary}` || trimmed === `--${boundary}--`) {
      if (current) parts.push(current.join("\r\n"));
      current = [];
      if (trimmed.endsWith("--")) return parts; // the epilogue is ignored
    } else {
      current?.push(line);
    }
  }
  if (current) parts.push(current.join("\r\n")); // unterminated multipart
  return parts;
}

/** Fills in the first inline text/plain and text/html bodies, walking nested multiparts. */
function collectBodies(part: Part, found: { text?: string; html?: string }): void {
  const type = parseHeaderParams(part.headers.get("content-type") ?? "text/plain");
  if (type.value.startsWith("multipart/")) {
    const boundary = type.params.get("boundary");
    if (!boundary) return;
    for (const child of splitMultipart(part.body, boundary)) collectBodies(parsePart(child), found);
    return;
  }
  if (/^\s*attachment/i.test(part.headers.get("content-disposition") ?? "")) return;
  if (type.value === "text/plain") found.text ??= decodeBody(part);
  if (type.value === "text/html") found.html ??= decodeBody(part);
}

function toMessage(raw: string, session: SMTPServerSession): CaughtMail {
  // The final line break ends the last line of the DATA block, not the body's content.
  const top = parsePart(raw.replace(/\r?\n$/, ""));
  const found: { text?: string; html?: string } = {};
  collectBodies(top, found);
  const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
  return {
    id: randomUUID(),
    to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
    from: decodeHeader(top.headers.get("from") ?? envelopeFrom),
    subject: decodeHeader(top.headers.get("subject") ?? ""),
    text: found.text ?? "",
    html: found.html ?? "",
    headers: Object.fromEntries(
      [...top.headers].map(([name, value]) => [name, decodeHeader(value)]),
    ),
    receivedAt: new Date().toISOString(),
  };
}

// ---- SMTP: accept everything, no TLS, any (or no) credentials ----

const smtp = new SMTPServer({
  logger: false,
  disabledCommands: ["STARTTLS"],
  authOptional: true,
  allowInsecureAuth: true,
  closeTimeout: 1000,
  onAuth(auth, _session, callback) {
    callback(null, { user: auth.username ?? "anonymous" });
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("error", (error: Error) => callback(error));
    stream.on("end", () => {
      try {
        messages.push(toMessage(Buffer.concat(chunks).toString("latin1"), session));
        callback();
      } catch (error) {
        callback(error instanceof Error ? error : new Error(String(error)));
      }
    });
  },
});

// ---- HTTP API ----

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store" }).end(body);
}

const http = createServer((req, res) => {
  const url = new URL(req.url ?? "/", `http://${HOST}`);
  if (req.method === "GET" && url.pathname === "/healthz") {
    return send(res, 200, "text/plain; charset=utf-8", "ok");
  }
  if (req.method === "GET" && url.pathname === "/messages") {
    const to = url.searchParams.get("to")?.trim().toLowerCase();
    const selected = to ? messages.filter((message) => message.to.includes(to)) : messages;
    return send(res, 200, "application/json; charset=utf-8", JSON.stringify(selected));
  }
  if (req.method === "DELETE" && url.pathname === "/messages") {
    messages.length = 0;
    res.writeHead(204).end();
    return;
  }
  send(res, 404, "text/plain; charset=utf-8", "not found");
});

// ---- Lifecycle ----

function fail(what: string, error: Error): never {
  console.error(`mail catcher: ${what}: ${error.message}`);
  process.exit(1);
}

let listening = 0;
smtp.on("error", (error: Error) => {
  if (listening < 2) fail(`SMTP server on ${HOST}:${SMTP_PORT}`, error);
  // After start-up these are single-connection problems (client resets etc.): stay quiet.
});
http.on("error", (error) => fail(`HTTP server on ${HOST}:${HTTP_PORT}`, error));

const ready = () => {
  if (++listening === 2) {
    console.log(`mail catcher: SMTP ${HOST}:${SMTP_PORT}, HTTP http://${HOST}:${HTTP_PORT}`);
  }
};
smtp.listen(SMTP_PORT, HOST, ready);
http.listen(HTTP_PORT, HOST, ready);

function shutdown(): void {
  setTimeout(() => process.exit(0), 2000).unref(); // never hang on a stuck connection
  let open = 2;
  const closed = () => {
    if (--open === 0) process.exit(0);
  };
  http.close(closed);
  http.closeAllConnections();
  smtp.close(closed);
}
process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);
