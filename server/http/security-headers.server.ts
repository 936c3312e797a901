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

/** DESIGN.md 8: the security headers every response carries (the CSP apart). */
export function staticSecurityHeaders(isProduction: boolean, isHttps: boolean) {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    ...(isProduction && isHttps
      ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" }
      : {}),
  };
}

/** DESIGN.md 8: security headers; a CSP with a per-request nonce for the page's scripts. */
export function securityHeaders(isProduction: boolean, isHttps: boolean): RequestHandler {
  const headers = Object.entries(staticSecurityHeaders(isProduction, isHttps));
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    for (const [name, value] of headers) res.setHeader(name, value);
    if (isProduction) {
      res.setHeader("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`]));
    }
    next();
  };
}
