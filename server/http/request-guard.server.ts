import type { IncomingHttpHeaders } from "node:http";
import { isIP } from "node:net";
import type express from "express";
import { AppError } from "../core/errors.server";
import { bodyLimitOf, tooLargeError } from "./request-body.server";

/**
 * A request whose framing or headers are malformed ends here with a 4xx, before any
 * handler builds a URL, reads a cookie or buffers a body from it.
 */
export function rejectMalformedRequests(appUrl: string): express.RequestHandler {
  const appHost = new URL(appUrl).host.toLowerCase();
  return (req, res, next) => {
    // TRACE would echo a request back (cookies included); the Fetch API refuses to build one.
    if (!ALLOWED_METHODS.has(req.method)) {
      res.setHeader("Allow", [...ALLOWED_METHODS].join(", "));
      throw new AppError("METHOD_NOT_ALLOWED", "That method is not allowed.");
    }
    const problem = problemOf(req.url, req.headers, appHost);
    if (problem) throw new AppError("INVALID", problem);
    const limit = bodyLimitOf(pathOf(req.url));
    // handleErrors closes the connection after a 413: the rest of the body is not worth reading.
    if (Number(req.headers["content-length"] ?? 0) > limit) throw tooLargeError(limit);
    next();
  };
}

const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * What is malformed in a request's target or headers, or null: also the check of the render
 * cache's fast path, which answers before Express (server/http/page-cache.server.ts).
 */
export function problemOf(
  target: string,
  headers: IncomingHttpHeaders,
  appHost: string,
): string | null {
  // Only the origin form ("/path?query"): an absolute or "*" target names no page of ours.
  if (!target.startsWith("/")) return "The request target is not valid.";
  // Path and query alike ("&", "=" and "+" are plain characters to the decoder).
  if (!isDecodable(target)) {
    return "The address is not valid.";
  }
  const host = headers.host;
  if (!host || !isAllowedHost(host.toLowerCase(), appHost)) return "The Host header is not valid.";
  const forwardedHost = headerOf(headers, "x-forwarded-host");
  if (
    forwardedHost !== undefined &&
    !forwardedHost.split(",").every((h) => isHostSyntax(h.trim()))
  ) {
    return "The X-Forwarded-Host header is not valid.";
  }
  const forwardedProto = headerOf(headers, "x-forwarded-proto");
  if (forwardedProto !== undefined && !/^\s*https?\s*(,\s*https?\s*)*$/i.test(forwardedProto)) {
    return "The X-Forwarded-Proto header is not valid.";
  }
  const forwardedFor = headerOf(headers, "x-forwarded-for");
  if (forwardedFor !== undefined && !forwardedFor.split(",").every((a) => isIP(a.trim()) !== 0)) {
    return "The X-Forwarded-For header is not valid.";
  }
  const cookie = headers.cookie;
  if (cookie !== undefined && !/^[\x20-\x7e]*$/.test(cookie))
    return "The Cookie header is not valid.";
  const contentType = headers["content-type"];
  if (contentType !== undefined && !isMediaType(contentType)) {
    return "The Content-Type header is not valid.";
  }
  return null;
}

/** A header as one string, as Express's req.get() reads it. */
function headerOf(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

function isDecodable(target: string): boolean {
  try {
    decodeURIComponent(target);
    return true;
  } catch {
    return false;
  }
}

const HOST_SYNTAX =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function isHostSyntax(host: string): boolean {
  if (host.length > 255 || !HOST_SYNTAX.test(host)) return false;
  const port = /:(\d+)$/.exec(host)?.[1];
  return port === undefined || Number(port) <= 65535;
}

/**
 * The site answers to APP_URL's host, and to a literal address or localhost (a load balancer's
 * health check, a laptop). Any other name is refused, so a DNS-rebinding page cannot read a
 * development server through a browser on the same machine.
 */
function isAllowedHost(host: string, appHost: string): boolean {
  if (!isHostSyntax(host)) return false;
  if (host === appHost) return true;
  const hostname = host.startsWith("[") ? host.slice(1, host.indexOf("]")) : host.split(":")[0]!;
  return hostname === "localhost" || isIP(hostname) !== 0;
}

const TOKEN = "[!#$%&'*+.^_`|~0-9a-z-]+";
const MEDIA_TYPE = new RegExp(
  `^\\s*${TOKEN}/${TOKEN}\\s*(;\\s*${TOKEN}=(${TOKEN}|"[^"\\\\\\x00-\\x1f]*")\\s*)*;?\\s*$`,
  "i",
);

function isMediaType(value: string): boolean {
  return value.length <= 256 && MEDIA_TYPE.test(value);
}
