import net from "node:net";

// A bare HTTP/1.1 client over a socket: it sends exactly the bytes it is given (lying lengths,
// broken encodings, forbidden header bytes) and reports what came back, or that nothing did.

export type RawOutcome =
  | {
      kind: "answer";
      status: number;
      statusLine: string;
      headers: Record<string, string>;
      /** False when the connection ended or timed out before the body was complete. */
      isComplete: boolean;
      bodyBytes: number;
      /** The first bytes of the body, for messages. */
      bodyStart: string;
      ms: number;
    }
  | {
      kind: "no-answer";
      reason: "closed" | "reset" | "timeout" | "refused" | "error";
      detail: string;
      /** Bytes received that did not make a response head. */
      received: number;
      ms: number;
    };

export interface RawRequestOptions {
  port: number;
  timeoutMs: number;
  /** A HEAD request: the answer has no body whatever its headers say. */
  isHead?: boolean;
}

const HEAD_END = Buffer.from("\r\n\r\n");
const CHUNKED_END = Buffer.from("0\r\n\r\n");

interface Head {
  status: number;
  statusLine: string;
  headers: Record<string, string>;
  end: number;
}

function parseHead(data: Buffer, from: number): Head | null | "malformed" {
  const end = data.indexOf(HEAD_END, from);
  if (end < 0) return null;
  const lines = data.subarray(from, end).toString("latin1").split("\r\n");
  const statusLine = lines[0] ?? "";
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!match) return "malformed";
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(match[1]), statusLine, headers, end: end + HEAD_END.length };
}

/** Sends `bytes` on a new connection to 127.0.0.1 and reads one response (1xx heads skipped). */
export function sendRaw(bytes: Buffer, options: RawRequestOptions): Promise<RawOutcome> {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port: options.port });
    let data = Buffer.alloc(0);
    let head: Head | null = null;
    let bodyBytes = 0;
    let tail = Buffer.alloc(0);
    let bodyStart = "";
    let isSettled = false;

    const finish = (outcome: RawOutcome) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const elapsed = () => Math.round(performance.now() - startedAt);
    const answer = (isComplete: boolean): RawOutcome => ({
      kind: "answer",
      status: head!.status,
      statusLine: head!.statusLine,
      headers: head!.headers,
      isComplete,
      bodyBytes,
      bodyStart,
      ms: elapsed(),
    });
    const noAnswer = (
      reason: Extract<RawOutcome, { kind: "no-answer" }>["reason"],
      detail: string,
    ) =>
      ({ kind: "no-answer", reason, detail, received: data.length, ms: elapsed() }) as RawOutcome;

    const isBodyComplete = (): boolean => {
      if (!head) return false;
      const { status, headers } = head;
      if (options.isHead || status === 204 || status === 304) return true;
      // A live stream never ends by itself: its head is the answer.
      if ((headers["content-type"] ?? "").startsWith("text/event-stream")) return true;
      if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
        return tail.subarray(-CHUNKED_END.length).equals(CHUNKED_END);
      }
      const length = headers["content-length"];
      if (length !== undefined && /^\d+$/.test(length)) return bodyBytes >= Number(length);
      return false;
    };

    const onBody = (chunk: Buffer) => {
      bodyBytes += chunk.length;
      if (bodyStart.length < 300) bodyStart += chunk.subarray(0, 300).toString("latin1");
      tail = Buffer.concat([tail, chunk]).subarray(-16);
      if (isBodyComplete()) finish(answer(true));
    };

    socket.on("data", (chunk: Buffer) => {
      if (head) {
        onBody(chunk);
        return;
      }
      data = Buffer.concat([data, chunk]);
      let from = 0;
      for (;;) {
        const parsed = parseHead(data, from);
        if (parsed === null) {
          // Heads larger than this are not something our server sends.
          if (data.length > 256 * 1024) finish(noAnswer("error", "response head too large"));
          return;
        }
        if (parsed === "malformed") {
          finish(
            noAnswer(
              "error",
              `not an HTTP response: ${JSON.stringify(data.subarray(0, 80).toString("latin1"))}`,
            ),
          );
          return;
        }
        if (parsed.status >= 100 && parsed.status < 200) {
          from = parsed.end;
          continue;
        }
        head = parsed;
        const rest = data.subarray(parsed.end);
        if (isBodyComplete()) finish(answer(true));
        else if (rest.length > 0) onBody(rest);
        return;
      }
    });
    let socketError: NodeJS.ErrnoException | null = null;
    socket.on("error", (error: NodeJS.ErrnoException) => {
      socketError = error;
    });
    // "close" follows "end" and "error", after every byte that arrived was handed over.
    socket.on("close", () => {
      if (head) {
        finish(answer(isBodyComplete() || !hasBodyFraming(head.headers)));
        return;
      }
      const error = socketError as NodeJS.ErrnoException | null;
      if (!error) finish(noAnswer("closed", "the server closed the connection without an answer"));
      else if (error.code === "ECONNREFUSED") finish(noAnswer("refused", error.message));
      else if (error.code === "ECONNRESET" || error.code === "EPIPE") {
        finish(noAnswer("reset", `${error.code}: the connection was reset without an answer`));
      } else finish(noAnswer("error", `${error.code ?? ""} ${error.message}`));
    });
    const timer = setTimeout(() => {
      if (head) finish(answer(false));
      else finish(noAnswer("timeout", `no answer within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    socket.on("connect", () => {
      socket.write(bytes, () => {});
    });
  });
}

/** Without a length or chunked framing, a body ends when the connection does. */
function hasBodyFraming(headers: Record<string, string>): boolean {
  return (
    headers["content-length"] !== undefined || /chunked/i.test(headers["transfer-encoding"] ?? "")
  );
}
