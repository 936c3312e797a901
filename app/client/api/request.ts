// The one way the browser talks to our server: every call to /api (ours and Better Auth's) goes
// through request(), and every answer, refusal and stream line is read by the readers below.

export const UNREACHABLE_MESSAGE = "The server could not be reached. Check your connection.";

/**
 * A call that did not succeed: `status` 0 when no answer came (the network), else the HTTP
 * status with the server's code, message and per-field messages.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** How long the server asked to wait before the next try (its Retry-After), if it did. */
  retryAfterMs: number | null = null;
}

/** Retry-After in milliseconds: a number of seconds or an HTTP date. */
export function retryAfterMsOf(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as it is (a file), with `contentType`. */
  body?: Blob;
  contentType?: string;
  /** Extra request headers (the analytics configuration's key). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The request outlives the page (a beacon sent as the page changes). */
  keepalive?: boolean;
  /** What a refusal says when the server's answer gives no message of its own. */
  failureMessage?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Reads one JSON answer of our API as the contract type the caller names (./contract.ts). The
 * server types each answer with the same type (sendJson<T>), so the browser does not check it
 * again; an empty answer (204) reads as null.
 */
export function readAnswer<T>(text: string): T {
  return JSON.parse(text || "null");
}

/**
 * The refusal in a body: ours, `{ error: { code, message, fields } }`, or Better Auth's
 * `{ code, message }`. A body with neither (a proxy's page, nothing) keeps the status.
 */
export function apiErrorFrom(
  status: number,
  body: unknown,
  failureMessage = `The request failed (${status}). Please try again.`,
): ApiError {
  const source = isRecord(body) ? (isRecord(body.error) ? body.error : body) : {};
  const message =
    typeof source.message === "string" && source.message ? source.message : failureMessage;
  const code = typeof source.code === "string" ? source.code : "";
  const fields: Record<string, string> = {};
  if (isRecord(source.fields)) {
    for (const [name, text] of Object.entries(source.fields)) {
      if (typeof text === "string") fields[name] = text;
    }
  }
  return new ApiError(status, code, message, fields);
}

/** The refusal in a body's text, which may not be JSON at all. */
export function apiErrorOf(status: number, text: string, failureMessage?: string): ApiError {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the status speaks for itself.
  }
  return apiErrorFrom(status, body, failureMessage);
}

/**
 * Sends one request to our server and reads its answer as T. No answer becomes ApiError with
 * status 0 and a non-OK answer an ApiError with the server's words; a call the caller aborted
 * rejects with the browser's AbortError, so the caller can tell it from a failure.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const {
    method = "GET",
    json,
    body,
    contentType,
    headers,
    signal,
    keepalive,
    failureMessage,
  } = options;
  const type = json !== undefined ? "application/json" : contentType;
  let status: number;
  let text: string;
  try {
    const response = await fetch(path, {
      method,
      headers: { ...headers, ...(type ? { "content-type": type } : {}) },
      body: json !== undefined ? JSON.stringify(json) : body,
      credentials: "same-origin",
      signal,
      keepalive,
    });
    status = response.status;
    text = await response.text();
    if (!response.ok) {
      const refusal = apiErrorOf(status, text, failureMessage);
      refusal.retryAfterMs = retryAfterMsOf(response.headers.get("retry-after"));
      throw refusal;
    }
  } catch (error) {
    if (error instanceof ApiError || signal?.aborted) throw error;
    throw new ApiError(0, "NETWORK", UNREACHABLE_MESSAGE);
  }
  try {
    return readAnswer<T>(text);
  } catch {
    // A 2xx that is not our JSON (a proxy's page): an answer came, but not one we can read.
    throw new ApiError(status, "UNREADABLE", `The server's answer could not be read (${status}).`);
  }
}
