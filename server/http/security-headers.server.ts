import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * DESIGN.md 8: the Content-Security-Policy of a page whose scripts are allowed by these sources
 * besides 'self': the request's nonce, or the hashes of a shared page's inline scripts
 * (server/render-cache, decision 013).
 */
export function contentSecurityPolicy(scriptSources: readonly string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self' https:",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** DESIGN.md 8: security headers; a CSP with a per-request nonce for the page's scripts. */
export function securityHeaders(isProduction: boolean, isHttps: boolean): RequestHandler {
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    if (isProduction && isHttps) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    if (isProduction) {
      res.setHeader("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`]));
    }
    next();
  };
}
