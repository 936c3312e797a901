import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

/** Google Analytics 4 (GA_MEASUREMENT_ID): gtag.js, and where it sends its hits. */
const GA_SCRIPT_SOURCES = ["https://www.googletagmanager.com"];
const GA_CONNECT_SOURCES = [
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://www.googletagmanager.com",
];

/**
 * DESIGN.md 8: the Content-Security-Policy of a page whose scripts are allowed by these sources
 * besides 'self': the request's nonce, or the hashes of a shared page's inline scripts
 * (server/render-cache, decision 013). Google Analytics' hosts only when it is configured.
 */
export function contentSecurityPolicy(
  scriptSources: readonly string[],
  allowGoogleAnalytics = false,
): string {
  const ga = (sources: string[]) => (allowGoogleAnalytics ? sources : []);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources, ...ga(GA_SCRIPT_SOURCES)].join(" "),
    "style-src 'self' 'unsafe-inline'",
    // Any https image already: tools' logos, and Google Analytics' pixel.
    "img-src 'self' data: https:",
    "font-src 'self'",
    ["connect-src 'self'", ...ga(GA_CONNECT_SOURCES)].join(" "),
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
export function securityHeaders(
  isProduction: boolean,
  isHttps: boolean,
  allowGoogleAnalytics = false,
): RequestHandler {
  const headers = Object.entries(staticSecurityHeaders(isProduction, isHttps));
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    for (const [name, value] of headers) res.setHeader(name, value);
    if (isProduction) {
      res.setHeader(
        "Content-Security-Policy",
        contentSecurityPolicy([`'nonce-${nonce}'`], allowGoogleAnalytics),
      );
    }
    next();
  };
}
