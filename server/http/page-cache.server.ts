import type { IncomingMessage, ServerResponse } from "node:http";
import type express from "express";
import { acceptedEncoding } from "./html-compression.server";
import { pageKeyOf, type PageCatalogue, type PageKey } from "../render-cache/page-key.server";
import type { CacheOutcome, RenderCache } from "../render-cache/render-cache.server";
import type { RenderedPage } from "../render-cache/rendered-page.server";
import { answerBudgetRefusal, renderDemandOf } from "./render-refusal.server";
import { problemOf } from "./request-guard.server";

// Decision 013: the page caching headers (docs/api.md, "Caching"). A CDN may hold a signed-out
// page for a few seconds and serve it a little longer while it asks again; the browser asks
// every time and gets 304 while the page is unchanged.

export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";
/** Signed in: the page names the person (in its data, if not on screen); no cache keeps it. */
export const SIGNED_IN_CACHE_CONTROL = "private, no-store";
/** Signed out but rendered for this visitor alone (a 404, a redirect, an uncached address). */
export const UNSHARED_CACHE_CONTROL = "private, no-cache";

/**
 * Better Auth's cookies (session, its cached copy, "don't remember me", the pending sign-up of
 * decision 010, an OAuth state), with `__Secure-` in front on an https site. A request with one is
 * treated as signed in whether or not the session is still valid: it never meets the cache.
 */
const AUTH_COOKIE = /^\s*(?:__Secure-|__Host-)?better-auth\./;

export function carriesAuthCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && cookieHeader.split(";").some((c) => AUTH_COOKIE.test(c));
}

/** If-None-Match against a weak tag: weak comparison (RFC 9110 13.1.2), or `*`. */
function matchesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim())
    .some((tag) => tag === "*" || tag.replace(/^W\//, "") === opaque);
}

interface SendOptions {
  /** The security headers every response carries; a cached page brings its own CSP. */
  securityHeaders: Record<string, string>;
  hasCsp: boolean;
}

/** Sends a page of the cache in one writeHead: the fast path's whole cost is here. */
function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  { page, outcome }: { page: RenderedPage; outcome: CacheOutcome },
  { securityHeaders, hasCsp }: SendOptions,
): void {
  const headers: Record<string, string | number> = {
    ...securityHeaders,
    "X-Cache": outcome,
    Vary: "Accept-Encoding, Cookie",
    "Cache-Control": page.isStorable ? SHARED_CACHE_CONTROL : UNSHARED_CACHE_CONTROL,
  };
  if (hasCsp) headers["Content-Security-Policy"] = page.contentSecurityPolicy;
  if (page.location) headers.Location = page.location;
  if (page.isStorable) {
    headers.ETag = page.etag;
    if (matchesTag(req.headers["if-none-match"], page.etag)) {
      res.writeHead(304, headers).end();
      return;
    }
  }
  const encoding = acceptedEncoding(req.headers["accept-encoding"]);
  const body = encoding ? page.body[encoding] : page.body.identity;
  headers["Content-Type"] = page.contentType;
  if (encoding) headers["Content-Encoding"] = encoding;
  headers["Content-Length"] = body.length;
  res.writeHead(page.status, headers).end(req.method === "HEAD" ? undefined : body);
}

/** The cache key of a signed-out GET or HEAD of a page, or null. */
function keyOf(req: IncomingMessage, target: string, catalogue: PageCatalogue): PageKey | null {
  const isRead = req.method === "GET" || req.method === "HEAD";
  if (!isRead || carriesAuthCookie(req.headers.cookie)) return null;
  // Concatenated like the page handler's URL: "//x" stays a path.
  return pageKeyOf(new URL(`http://localhost${target}`), catalogue);
}

interface PageCacheOptions extends SendOptions {
  cache: RenderCache;
  catalogue: PageCatalogue;
}

/**
 * A signed-out GET or HEAD of a page the cache holds is answered from it (X-Cache: HIT, STALE
 * or MISS), or refused by the render budget (decision 023); everything else goes on.
 */
export function pageCache({ cache, catalogue, ...send }: PageCacheOptions): express.RequestHandler {
  return async (req, res, next) => {
    const key = keyOf(req, req.originalUrl, catalogue);
    if (!key) {
      next();
      return;
    }
    try {
      sendPage(req, res, await cache.page(key, renderDemandOf(req, res)), send);
    } catch (error) {
      if (!answerBudgetRefusal(error, res)) throw error;
    }
  };
}

/**
 * Before Express: a signed-out GET or HEAD of a page the cache can answer at once (HIT or STALE)
 * is sent from it, when nothing in the request is malformed (the guards' own check) and it
 * carries no body. Returns false for everything else, which Express then handles as always
 * (a page not in the cache is rendered there). Express's per-request work cost several times
 * what sending the stored bytes does.
 */
export function cachedPageFastPath({
  cache,
  catalogue,
  appHost,
  ...send
}: PageCacheOptions & { appHost: string }): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const target = req.url ?? "";
    if (req.headers["content-length"] || req.headers["transfer-encoding"]) return false;
    if (problemOf(target, req.headers, appHost)) return false;
    const key = keyOf(req, target, catalogue);
    const stored = key && cache.storedPage(key);
    if (!stored) return false;
    sendPage(req, res, stored, send);
    return true;
  };
}

/** Pages rendered for one request: no shared cache may keep them, nor any cache a signed-in one. */
export const privatePages: express.RequestHandler = (req, res, next) => {
  const isSignedIn = carriesAuthCookie(req.headers.cookie);
  res.setHeader("Cache-Control", isSignedIn ? SIGNED_IN_CACHE_CONTROL : UNSHARED_CACHE_CONTROL);
  next();
};
