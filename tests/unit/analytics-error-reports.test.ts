import { describe, expect, it } from "vitest";
import {
  errorReportOf,
  fingerprintOf,
  scrubSecrets,
  topFrameOf,
} from "#server/services/analytics/error-reports.server";

describe("scrubSecrets", () => {
  it("replaces email addresses", () => {
    expect(scrubSecrets("No account for Jane.Doe+tools@mail.example.co.uk, sorry")).toBe(
      "No account for [email], sorry",
    );
  });

  it("replaces addresses whose domain has no dot, and addresses in a path", () => {
    expect(scrubSecrets("No mailbox user@localhost.")).toBe("No mailbox [email].");
    expect(scrubSecrets("/u/jane.doe%40corp.example/profile")).toBe("/u/[email]/profile");
    expect(scrubSecrets("/u/root%40intranet")).toBe("/u/[email]");
  });

  it("keeps image names, Firefox frames and scoped packages that only look like addresses", () => {
    const kept = [
      "GET /img/logo@2x.png failed",
      "render@https://site.example/assets/a.js:1:2",
      "render@chunk-AB12.js:1:2",
      "at /app/node_modules/@react-router/dev/dist/index.js:3:4",
    ];
    for (const text of kept) expect(scrubSecrets(text)).toBe(text);
  });

  it("keeps a page's slug but replaces a UUID", () => {
    expect(scrubSecrets("/ai-tools/stable-diffusion-xl-turbo-2024-edition")).toBe(
      "/ai-tools/stable-diffusion-xl-turbo-2024-edition",
    );
    expect(scrubSecrets("/reset/123e4567-e89b-12d3-a456-426614174000")).toBe("/reset/[token]");
  });

  it("drops control characters but keeps tabs and line breaks", () => {
    expect(scrubSecrets("a\u0000b\u001b[31m\tc\r\nd\u007f")).toBe("ab[31m\tc\r\nd");
  });

  it("replaces bearer tokens and JWTs", () => {
    const jwt =
      "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
    expect(scrubSecrets("Authorization: Bearer abc.def-123")).toBe("Authorization: Bearer [token]");
    expect(scrubSecrets(`failed with ${jwt} here`)).toBe("failed with [token] here");
  });

  it("replaces long hex and base64 tokens but not words or short hashes", () => {
    expect(
      scrubSecrets("session 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"),
    ).toBe("session [token]");
    expect(scrubSecrets("key sk_live_4eC39HqLyjWDarjtT1zdp7dcAbC12345xyz")).toBe("key [token]");
    expect(scrubSecrets("at chunk-AB12CD34.js: internationalizationAndLocalization")).toBe(
      "at chunk-AB12CD34.js: internationalizationAndLocalization",
    );
  });

  it("replaces the values of secret-looking query parameters and fields", () => {
    expect(
      scrubSecrets("GET /reset?token=abc123&page=2&api_key=xyz&code=42&Password=hunter2 failed"),
    ).toBe(
      "GET /reset?token=[redacted]&page=2&api_key=[redacted]&code=[redacted]&Password=[redacted] failed",
    );
    expect(scrubSecrets('{"password": "hunter2", "name": "x"}')).toBe(
      '{"password": "[redacted]", "name": "x"}',
    );
  });

  it("stays fast on a long run of one character", () => {
    const started = performance.now();
    scrubSecrets("a".repeat(4_000) + "@" + "b".repeat(4_000));
    scrubSecrets("x".repeat(4_000));
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe("topFrameOf", () => {
  it("reads Chrome's first frame without the origin and query", () => {
    const stack = [
      "TypeError: Cannot read properties of undefined (reading 'name')",
      "    at ToolCard (https://tools.example.org/assets/tool-card-AbC123.js?v=2:14:27)",
      "    at renderWithHooks (https://tools.example.org/assets/react-dom.js:1:100)",
    ].join("\n");
    expect(topFrameOf(stack)).toBe("ToolCard (/assets/tool-card-AbC123.js:14:27)");
  });

  it("reads an anonymous Chrome frame", () => {
    expect(topFrameOf("Error: x\n    at https://site.example/assets/a.js:3:9")).toBe(
      "/assets/a.js:3:9",
    );
  });

  it("reads Firefox's and Safari's fn@url:line:col", () => {
    expect(
      topFrameOf("ToolCard@http://localhost:3000/assets/tool-card.js?t=1#x:14:27\nrender@x.js:1:1"),
    ).toBe("ToolCard (/assets/tool-card.js:14:27)");
    expect(topFrameOf("@https://site.example/assets/entry.js:7:1")).toBe("/assets/entry.js:7:1");
  });

  it("reads Node's frames", () => {
    expect(
      topFrameOf("Error: boom\n    at loader (file:///srv/app/build/server/index.js:120:11)"),
    ).toBe("loader (/srv/app/build/server/index.js:120:11)");
  });

  it("finds no frame in text that has none", () => {
    expect(topFrameOf(undefined)).toBeNull();
    expect(topFrameOf("Error: just a message")).toBeNull();
  });
});

describe("fingerprints", () => {
  const stackFrom = (host: string) =>
    `TypeError: x is undefined\n    at ToolCard (https://${host}/assets/tool-card.js?v=1:14:27)`;

  it("groups the same error served from another host or version query", () => {
    const first = errorReportOf(
      "browser",
      "app_exception",
      "x is undefined",
      stackFrom("a.example"),
    );
    const second = errorReportOf(
      "browser",
      "app_exception",
      "x is undefined",
      stackFrom("b.example"),
    );
    expect(first.fingerprint).toBe(second.fingerprint);
    expect(first.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it("groups messages that differ only in a scrubbed email", () => {
    const first = errorReportOf("browser", "error", "No user a@example.com", undefined);
    const second = errorReportOf("browser", "error", "No user b@example.org", undefined);
    expect(first.message).toBe("No user [email]");
    expect(first.fingerprint).toBe(second.fingerprint);
  });

  it("tells apart sources, names, messages and top frames", () => {
    const base = fingerprintOf("browser", "app_exception", "m", "f (/a.js:1:1)");
    expect(
      new Set([
        base,
        fingerprintOf("server", "app_exception", "m", "f (/a.js:1:1)"),
        fingerprintOf("browser", "error", "m", "f (/a.js:1:1)"),
        fingerprintOf("browser", "app_exception", "n", "f (/a.js:1:1)"),
        fingerprintOf("browser", "app_exception", "m", "f (/a.js:2:1)"),
        fingerprintOf("browser", "app_exception", "m", null),
      ]).size,
    ).toBe(6);
  });

  it("scrubs the stack it keeps", () => {
    const report = errorReportOf(
      "browser",
      "app_crash",
      "failed for bob@example.com",
      "Error\n    at load (https://site.example/a.js?token=secret123:1:2)\n    at x (/b.js?token=abc:1:1)",
    );
    expect(report.stack).not.toContain("bob@");
    expect(report.stack).not.toContain("secret123");
    expect(report.stack).not.toContain("token=abc");
    expect(report.topFrame).toBe("load (/a.js:1:2)");
  });
});
