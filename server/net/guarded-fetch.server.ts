import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { AI_DRAFT_LIMITS } from "~/lib/ai-draft";
import { refusedAddress, refusedHostName } from "./address-rules.server";
import { FetchFailure } from "./fetch-failure.server";

// The one way the server fetches an address someone else chose. Every hop (the first
// address and each redirect) is checked the same way before any connection: http or https, no
// credentials, the default port, a public host name, every address it resolves to public. The
// connection then goes to exactly the addresses that were checked (the request's `lookup` hands
// them over), so a second DNS answer (rebinding) is never used. One deadline covers everything.

/** A page (or image) fetched, with where it led. */
export interface FetchedPage {
  /** The address asked for first. */
  url: string;
  /** Where the last redirect ended. */
  finalUrl: string;
  /** Every address visited after the first, in order. */
  redirects: string[];
  status: number;
  /** Lowercased header names. */
  headers: Record<string, string>;
  contentType: string;
  body: Buffer;
}

/** The caller's own refusal of a redirect, carried out of the fetch untouched. */
class RedirectRefused {
  constructor(readonly reason: unknown) {}
}

export interface GuardedFetchOptions {
  /** FETCH_ALLOW_PRIVATE: tests on loopback only; lets private addresses and any port through. */
  allowPrivate: boolean;
  accept: "html" | "image";
  /** The whole fetch: connections, redirects and the body. */
  timeoutMs: number;
  /** The decoded body's largest size. */
  maxBytes: number;
  /** Defaults to AI_DRAFT_LIMITS.redirects. */
  maxRedirects?: number;
  signal?: AbortSignal;
  onProgress?: (message: string) => void;
  /**
   * Called for each redirect's address once it passed the checks, before connecting to it. What
   * it throws reaches guardedFetch's caller as it was thrown.
   */
  checkRedirect?: (url: URL) => void | Promise<void>;
  /** Tests only: how host names resolve (default: the system resolver, every address). */
  resolve?: (hostname: string) => Promise<string[]>;
  /**
   * Tests only: addresses let through although the rules refuse them, on any port, so a test can
   * play a public site on 127.0.0.1 and still see every other address refused.
   */
  exemptAddresses?: readonly string[];
}

/** Names us to the sites we read; they can tell a draft fetch from a browser. */
export const FETCH_USER_AGENT =
  "BusinessAIToolsDirectory/1.0 (AI-assisted add; fetches one page an admin asked for)";

const ACCEPT = {
  html: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
  image: "image/webp,image/png,image/jpeg;q=0.9",
} as const;

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const PROGRESS_EVERY_MS = 250;

interface Hop {
  url: URL;
  addresses: { address: string; family: 4 | 6 }[];
}

/**
 * Fetches one address under the rules above, following up to `maxRedirects` redirects. Every
 * refusal is a FetchFailure naming why.
 */
export async function guardedFetch(
  address: string,
  options: GuardedFetchOptions,
): Promise<FetchedPage> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
  const signal = options.signal
    ? AbortSignal.any([options.signal, deadline.signal])
    : deadline.signal;
  const failureOf = (error: unknown): unknown => {
    if (error instanceof FetchFailure) return error;
    if (error instanceof RedirectRefused) return error.reason;
    if (options.signal?.aborted) return new FetchFailure("cancelled");
    if (deadline.signal.aborted) {
      return new FetchFailure(
        "timeout",
        `No complete answer within ${seconds(options.timeoutMs)}.`,
      );
    }
    return unreachable(error);
  };
  try {
    return await Promise.race([
      fetchFollowing(address, options, signal),
      new Promise<never>((_, reject) => {
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener("abort", () => reject(signal.reason), { once: true });
      }),
    ]);
  } catch (error) {
    throw failureOf(error);
  } finally {
    clearTimeout(timer);
  }
}

async function fetchFollowing(
  address: string,
  options: GuardedFetchOptions,
  signal: AbortSignal,
): Promise<FetchedPage> {
  const maxRedirects = options.maxRedirects ?? AI_DRAFT_LIMITS.redirects;
  const first = checkUrl(parseAddress(address), options);
  const redirects: string[] = [];
  const visited = new Set<string>();
  let url = first;
  let hop = await resolveHop(first, options);
  for (;;) {
    visited.add(url.toString());
    signal.throwIfAborted();
    const response = await request(hop, options.accept, signal);
    const location = REDIRECTS.has(response.statusCode ?? 0)
      ? response.headers.location
      : undefined;
    if (location === undefined) {
      const page = await readResponse(response, url, options, signal);
      return { ...page, url: first.toString(), redirects };
    }
    response.destroy();
    if (redirects.length >= maxRedirects) {
      throw new FetchFailure(
        "too_many_redirects",
        `It redirected more than ${maxRedirects} times (last to ${shortAddress(url)}).`,
      );
    }
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new FetchFailure(
        "http_error",
        `A redirect to "${location.slice(0, 200)}" is not a web address.`,
      );
    }
    next.hash = "";
    if (visited.has(next.toString())) {
      throw new FetchFailure(
        "too_many_redirects",
        `The redirects go round in a loop (${shortAddress(next)}).`,
      );
    }
    url = checkUrl(next, options, "A redirect");
    hop = await resolveHop(url, options);
    redirects.push(url.toString());
    options.onProgress?.(`Redirected to ${shortAddress(url)}`);
    if (options.checkRedirect) {
      try {
        await options.checkRedirect(url);
      } catch (error) {
        throw new RedirectRefused(error);
      }
    }
  }
}

function parseAddress(address: string): URL {
  try {
    const url = new URL(address.trim());
    url.hash = "";
    return url;
  } catch {
    throw new FetchFailure("invalid_address", "This is not a web address.");
  }
}

/** The checks that need no DNS: scheme, credentials, port and the host's name. */
function checkUrl(url: URL, options: GuardedFetchOptions, what = "The address"): URL {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FetchFailure(
      "invalid_address",
      `${what} uses ${url.protocol.replace(/:$/, "")}, not http or https.`,
    );
  }
  if (url.username || url.password) {
    throw new FetchFailure("invalid_address", `${what} contains a user name or password.`);
  }
  const anyPort = options.allowPrivate || (options.exemptAddresses?.length ?? 0) > 0;
  // URL drops a scheme's default port, so any port left is another one.
  if (url.port !== "" && !anyPort) {
    throw new FetchFailure(
      "invalid_address",
      `${what} uses port ${url.port}; only the default ports (80 and 443) are fetched.`,
    );
  }
  const host = bareHost(url);
  if (!options.allowPrivate && isIP(host) === 0) {
    const refused = refusedHostName(host);
    if (refused) throw new FetchFailure("private_address", `${refused}.`);
  }
  return url;
}

/** Resolves the hop's host once and checks every address it gave. */
async function resolveHop(url: URL, options: GuardedFetchOptions): Promise<Hop> {
  const host = bareHost(url);
  let addresses: string[];
  if (isIP(host) !== 0) {
    addresses = [host];
  } else {
    try {
      addresses = options.resolve
        ? await options.resolve(host)
        : (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch (error) {
      throw unreachable(error, host);
    }
    if (addresses.length === 0) throw new FetchFailure("unreachable", `${host} has no address.`);
  }
  if (!options.allowPrivate) {
    for (const address of addresses) {
      if (options.exemptAddresses?.includes(address)) continue;
      const refused = refusedAddress(address);
      if (refused) {
        const via = address === host ? "" : ` (${host} resolves to it)`;
        throw new FetchFailure("private_address", `${refused}${via}.`);
      }
    }
  }
  return {
    url,
    addresses: addresses.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 })),
  };
}

function request(
  hop: Hop,
  accept: "html" | "image",
  signal: AbortSignal,
): Promise<IncomingMessage> {
  // Hands the connection the addresses already checked, whatever DNS would answer now.
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    const asked = lookupOptions.family;
    const family = asked === 4 || asked === "IPv4" ? 4 : asked === 6 || asked === "IPv6" ? 6 : 0;
    const usable = hop.addresses.filter((entry) => family === 0 || entry.family === family);
    if (usable.length === 0) {
      callback(
        Object.assign(new Error("No checked address of that family."), { code: "ENOTFOUND" }),
        "",
        4,
      );
    } else if (lookupOptions.all) {
      (callback as unknown as (error: null, addresses: typeof usable) => void)(null, usable);
    } else {
      callback(null, usable[0]!.address, usable[0]!.family);
    }
  };
  const client = hop.url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      hop.url,
      {
        method: "GET",
        host: bareHost(hop.url),
        lookup,
        agent: false,
        signal,
        headers: {
          host: hop.url.host,
          "user-agent": FETCH_USER_AGENT,
          accept: ACCEPT[accept],
          "accept-encoding": "gzip, deflate, br",
          "accept-language": "en;q=1, *;q=0.5",
        },
      },
      resolve,
    );
    req.on("error", reject);
    req.end();
  });
}

async function readResponse(
  response: IncomingMessage,
  url: URL,
  options: GuardedFetchOptions,
  signal: AbortSignal,
): Promise<Omit<FetchedPage, "url" | "redirects">> {
  const status = response.statusCode ?? 0;
  const headers = headersOf(response);
  const contentType = headers["content-type"] ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  const finalUrl = url.toString();

  if (status >= 400) {
    // A bot wall answers 403, 429 or 503 with its own page: that is a bot_challenge, not an
    // error of the site. Anything else (and a challenge hidden behind a 200, which the reader
    // catches) is what the status says.
    if (CHALLENGE_STATUSES.has(status)) {
      const body = await readBody(
        response,
        Math.min(options.maxBytes, 256 * 1024),
        signal,
        undefined,
        true,
      );
      const challenge = challengeOf(headers, body.toString("utf8"));
      if (challenge) throw new FetchFailure("bot_challenge", `HTTP ${status}, ${challenge}.`);
    }
    response.destroy();
    throw new FetchFailure("http_error", `HTTP ${status}`);
  }
  if (status < 200 || status >= 300) {
    response.destroy();
    throw new FetchFailure("http_error", `HTTP ${status}`);
  }

  const accepted = options.accept === "html" ? HTML_TYPES : IMAGE_TYPES;
  if (mediaType && !accepted.has(mediaType)) {
    response.destroy();
    throw new FetchFailure("not_html", `It is ${mediaType}.`);
  }
  const declared = Number(headers["content-length"]);
  if (!headers["content-encoding"] && Number.isFinite(declared) && declared > options.maxBytes) {
    response.destroy();
    throw new FetchFailure("too_large", `It announces ${kilobytes(declared)}.`);
  }
  const body = await readBody(response, options.maxBytes, signal, options.onProgress);
  if (!mediaType && options.accept === "html" && !looksLikeHtml(body)) {
    throw new FetchFailure("not_html", "It has no content type and does not look like HTML.");
  }
  return {
    finalUrl,
    status,
    headers,
    contentType: contentType || (options.accept === "html" ? "text/html" : ""),
    body,
  };
}

const CHALLENGE_STATUSES = new Set([403, 429, 503]);

const CHALLENGE_TEXT: [RegExp, string][] = [
  [/<title>\s*just a moment/i, "a Cloudflare check"],
  [/attention required!?\s*\|\s*cloudflare/i, "a Cloudflare check"],
  [/cdn-cgi\/challenge-platform/i, "a Cloudflare check"],
  [/ddos-guard/i, "a DDoS-Guard check"],
  [/sucuri website firewall/i, "a Sucuri firewall check"],
  [/captcha-delivery\.com|datadome/i, "a DataDome check"],
  [/_incapsula_resource|incapsula incident/i, "an Imperva check"],
  [/px-captcha|perimeterx/i, "a PerimeterX check"],
  [/checking (if the site connection is secure|your browser)/i, "a browser check"],
  [/\bcaptcha\b/i, "a captcha"],
];

/** What kind of bot check an error answer is, or null when it is an ordinary error page. */
function challengeOf(headers: Record<string, string>, body: string): string | null {
  if (headers["cf-mitigated"] === "challenge") return "a Cloudflare check";
  if (headers["x-datadome"] !== undefined) return "a DataDome check";
  if (headers["x-sucuri-id"] !== undefined && /captcha|firewall/i.test(body)) {
    return "a Sucuri firewall check";
  }
  return CHALLENGE_TEXT.find(([pattern]) => pattern.test(body))?.[1] ?? null;
}

/**
 * Reads the body decompressed, refusing it as soon as it passes maxBytes. With `truncate`, stops
 * quietly at maxBytes instead (enough of an error page to recognise a bot check).
 */
function readBody(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
  onProgress?: (message: string) => void,
  truncate = false,
): Promise<Buffer> {
  let stream: Readable;
  try {
    stream = decoded(response);
  } catch (error) {
    response.destroy();
    return Promise.reject(error);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let reported = Date.now();
    const stop = (error: unknown) => {
      response.destroy();
      stream.destroy();
      reject(error);
    };
    const onAbort = () => stop(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    stream.on("data", (chunk: Buffer) => {
      if (size + chunk.length > maxBytes) {
        if (truncate) {
          chunks.push(chunk.subarray(0, maxBytes - size));
          size = maxBytes;
          signal.removeEventListener("abort", onAbort);
          response.destroy();
          stream.destroy();
          resolve(Buffer.concat(chunks));
          return;
        }
        signal.removeEventListener("abort", onAbort);
        stop(new FetchFailure("too_large", `It passed ${kilobytes(maxBytes)}.`));
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
      if (onProgress && Date.now() - reported >= PROGRESS_EVERY_MS) {
        reported = Date.now();
        onProgress(`Fetched ${kilobytes(size)}`);
      }
    });
    stream.on("error", (error) => {
      signal.removeEventListener("abort", onAbort);
      stop(
        error instanceof FetchFailure
          ? error
          : new FetchFailure("unreachable", `The answer could not be read (${describe(error)}).`),
      );
    });
    stream.on("end", () => {
      signal.removeEventListener("abort", onAbort);
      onProgress?.(`Fetched ${kilobytes(size)}`);
      resolve(Buffer.concat(chunks));
    });
  });
}

function decoded(response: IncomingMessage): Readable {
  const encoding = (response.headers["content-encoding"] ?? "identity").trim().toLowerCase();
  switch (encoding) {
    case "identity":
    case "":
      return response;
    case "gzip":
    case "x-gzip":
      return response.pipe(createGunzip());
    case "deflate":
      return response.pipe(createInflate());
    case "br":
      return response.pipe(createBrotliDecompress());
    default:
      throw new FetchFailure(
        "unreachable",
        `The answer is encoded as "${encoding}", which we cannot read.`,
      );
  }
}

function looksLikeHtml(body: Buffer): boolean {
  const start = body
    .subarray(0, 1024)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  return /^(<!doctype html|<html|<head|<!--|<body|<meta|<title)/.test(start);
}

function headersOf(response: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

const TLS_CODE = /^(CERT_|ERR_TLS_|ERR_SSL_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

/** A network error in words, as an unreachable failure. */
function unreachable(error: unknown, host?: string): FetchFailure {
  const code = (error as { code?: unknown } | null)?.code;
  const where = host ?? "the site";
  switch (code) {
    case "ENOTFOUND":
    case "EAI_NONAME":
    case "EAI_NODATA":
      return new FetchFailure("unreachable", `There is no site called ${where}.`);
    case "EAI_AGAIN":
      return new FetchFailure("unreachable", `The name ${where} could not be looked up right now.`);
    case "ECONNREFUSED":
      return new FetchFailure("unreachable", "The connection was refused.");
    case "ECONNRESET":
    case "EPIPE":
      return new FetchFailure("unreachable", "The connection was closed before the answer came.");
    case "EHOSTUNREACH":
    case "ENETUNREACH":
    case "EADDRNOTAVAIL":
      return new FetchFailure("unreachable", "There is no route to the site.");
    case "ETIMEDOUT":
      return new FetchFailure("unreachable", "The connection timed out.");
  }
  if (typeof code === "string" && TLS_CODE.test(code)) {
    return new FetchFailure("unreachable", `The site's secure connection is not valid (${code}).`);
  }
  if (typeof code === "string" && code.startsWith("HPE_")) {
    return new FetchFailure("unreachable", "The site's answer is not valid HTTP.");
  }
  return new FetchFailure("unreachable", `The connection failed (${describe(error)}).`);
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string") return code;
  return error instanceof Error ? error.message : String(error);
}

function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}

/** "example.com/pricing": how progress and failures name an address. */
function shortAddress(url: URL): string {
  const text = `${url.host}${url.pathname === "/" ? "" : url.pathname}`;
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

function kilobytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

function seconds(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
