import { describe, expect, it } from "vitest";
import { carriesAuthCookie } from "#server/http/page-cache.server";
import { contentSecurityPolicy } from "#server/http/security-headers.server";
import { inlineScriptHashes, renderedPageOf } from "#server/render-cache/rendered-page.server";

// Decision 013: a cached page is shared, so its CSP allows its inline scripts by hash, not nonce.

const ALERT_HASH = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";

describe("inline script hashes", () => {
  it("hashes each inline script's text as the browser does, once per distinct script", () => {
    const html =
      '<html><head><script>alert(1)</script></head><body><p>alert(2)</p><script type="module" async="">alert(1)</script></body></html>';
    expect(inlineScriptHashes(html)).toEqual([ALERT_HASH]);
  });

  it("skips scripts loaded from a file", () => {
    expect(
      inlineScriptHashes('<script src="/assets/a.js"></script><script>alert(1)</script>'),
    ).toEqual([ALERT_HASH]);
  });

  it("hashes line breaks as the HTML parser hands them to the script (CR LF as LF)", () => {
    const [crlf] = inlineScriptHashes("<script>a()\r\nb()</script>");
    const [lf] = inlineScriptHashes("<script>a()\nb()</script>");
    expect(crlf).toBe(lf);
  });

  it("builds a CSP whose script-src lists them beside 'self'", async () => {
    const page = await renderedPageOf(
      new Response("<!DOCTYPE html><script>alert(1)</script>", {
        headers: { "content-type": "text/html; charset=utf-8" },
      }),
    );
    expect(page.contentSecurityPolicy).toBe(contentSecurityPolicy([ALERT_HASH]));
    expect(page.contentSecurityPolicy).toContain(`script-src 'self' ${ALERT_HASH};`);
    expect(page.contentSecurityPolicy).not.toContain("nonce");
  });
});

describe("a rendered page", () => {
  it("is storable only as a 200 without Set-Cookie, and carries every form and a weak tag", async () => {
    const ok = await renderedPageOf(new Response("<p>hi</p>".repeat(100)));
    expect(ok.isStorable).toBe(true);
    expect(ok.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(ok.body.br.length).toBeLessThan(ok.body.identity.length);
    expect(ok.body.gzip.length).toBeLessThan(ok.body.identity.length);
    expect(ok.bytes).toBeGreaterThan(
      ok.body.identity.length + ok.body.br.length + ok.body.gzip.length,
    );
    const withCookie = new Response("<p>hi</p>", { headers: { "set-cookie": "a=1" } });
    expect((await renderedPageOf(withCookie)).isStorable).toBe(false);
    const redirect = new Response(null, { status: 301, headers: { location: "/x" } });
    expect(await renderedPageOf(redirect)).toMatchObject({ isStorable: false, location: "/x" });
  });
});

describe("who the cache may answer", () => {
  it("treats any Better Auth cookie, with or without the __Secure- prefix, as signed in", () => {
    for (const cookie of [
      "better-auth.session_token=abc",
      "theme=dark; __Secure-better-auth.session_token=abc",
      "better-auth.pending_sign_up=xyz",
      "__Secure-better-auth.pending_sign_up=xyz",
      "a=1;better-auth.dont_remember=true",
    ]) {
      expect(carriesAuthCookie(cookie), cookie).toBe(true);
    }
  });

  it("treats a request without one as signed out", () => {
    expect(carriesAuthCookie(undefined)).toBe(false);
    expect(carriesAuthCookie("")).toBe(false);
    expect(carriesAuthCookie("theme=dark; consent=denied; session_token=not-ours")).toBe(false);
  });
});
