import type express from "express";
import { acceptedEncoding } from "~/html-compression.server";
import { pageKeyOf, type PageCatalogue } from "../render-cache/page-key.server";
import type { CacheOutcome, RenderCache } from "../render-cache/render-cache.server";
import type { RenderedPage } from "../render-cache/rendered-page.server";

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

function sendPage(
  req: express.Request,
  res: express.Response,
  page: RenderedPage,
  outcome: CacheOutcome,
  hasCsp: boolean,
): void {
  res.setHeader("X-Cache", outcome);
  res.setHeader("Vary", "Accept-Encoding, Cookie");
  res.setHeader("Cache-Control", page.isStorable ? SHARED_CACHE_CONTROL : UNSHARED_CACHE_CONTROL);
  if (hasCsp) res.setHeader("Content-Security-Policy", page.contentSecurityPolicy);
  if (page.location) res.setHeader("Location", page.location);
  if (page.isStorable) {
    res.setHeader("ETag", page.etag);
    if (matchesTag(req.headers["if-none-match"], page.etag)) {
      res.status(304).end();
      return;
    }
  }
  const encoding = acceptedEncoding(req.headers["accept-encoding"]);
  const body = encoding ? page.body[encoding] : page.body.identity;
  res.status(page.status);
  res.setHeader("Content-Type", page.contentType);
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

interface PageCacheOptions {
  cache: RenderCache;
  catalogue: PageCatalogue;
  /** The security headers send a CSP (production): cached pages send their own. */
  hasCsp: boolean;
}

/**
 * A signed-out GET or HEAD of a page the cache holds is answered from it (X-Cache: HIT, STALE
 * or MISS); everything else goes on.
 */
export function pageCache({ cache, catalogue, hasCsp }: PageCacheOptions): express.RequestHandler {
  return async (req, res, next) => {
    const isRead = req.method === "GET" || req.method === "HEAD";
    // Concatenated like the page handler's URL: "//x" stays a path.
    const key =
      isRead && !carriesAuthCookie(req.headers.cookie)
        ? pageKeyOf(new URL(`http://localhost${req.originalUrl}`), catalogue)
        : null;
    if (!key) {
      next();
      return;
    }
    const { page, outcome } = await cache.page(key);
    sendPage(req, res, page, outcome, hasCsp);
  };
}

/** Pages rendered for one request: no shared cache may keep them, nor any cache a signed-in one. */
export const privatePages: express.RequestHandler = (req, res, next) => {
  const isSignedIn = carriesAuthCookie(req.headers.cookie);
  res.setHeader("Cache-Control", isSignedIn ? SIGNED_IN_CACHE_CONTROL : UNSHARED_CACHE_CONTROL);
  next();
};
