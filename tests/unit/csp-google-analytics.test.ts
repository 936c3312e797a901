import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "#server/http/security-headers.server";
import { renderedPageOf } from "#server/render-cache/rendered-page.server";

// The CSP allows Google Analytics' script and collection hosts only with
// GA_MEASUREMENT_ID set, on pages rendered per request and on the render cache's shared pages.

const directive = (policy: string, name: string) =>
  policy.split("; ").find((part) => part.startsWith(`${name} `));

describe("the CSP and Google Analytics", () => {
  it("names no Google host when Google Analytics is not configured", () => {
    expect(contentSecurityPolicy(["'nonce-abc'"])).not.toMatch(/google/);
  });

  it("allows gtag.js and GA's collection hosts when it is configured", () => {
    const policy = contentSecurityPolicy(["'nonce-abc'"], true);
    expect(directive(policy, "script-src")).toBe(
      "script-src 'self' 'nonce-abc' https://www.googletagmanager.com",
    );
    expect(directive(policy, "connect-src")).toBe(
      "connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com",
    );
    expect(directive(policy, "img-src")).toContain("https:");
  });

  it("gives a cached page the same allowance", async () => {
    const html = () => new Response("<html><script>alert(1)</script></html>");
    expect((await renderedPageOf(html(), true)).contentSecurityPolicy).toMatch(
      /script-src 'self' 'sha256-[^']+' https:\/\/www\.googletagmanager\.com;/,
    );
    expect((await renderedPageOf(html())).contentSecurityPolicy).not.toMatch(/google/);
  });
});
