import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { maskEmail, readConfirmationToken } from "#server/auth/email-confirmation.server";

// Decision 022: the verification token's claim is read only when the auth secret signed it, it
// has not expired and it is a sign-up confirmation; the page shows the address masked.

const SECRET = "s".repeat(32);
const NOW = Date.UTC(2026, 11, 2);
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

function token(payload: Record<string, unknown>, header: Record<string, unknown> = {}) {
  const signed = `${part({ alg: "HS256", typ: "JWT", ...header })}.${part(payload)}`;
  const signature = createHmac("sha256", SECRET).update(signed).digest("base64url");
  return `${signed}.${signature}`;
}

const exp = NOW / 1000 + 3600;

describe("readConfirmationToken", () => {
  it("reads the address, lower-cased, and the account it was sent for", () => {
    expect(readConfirmationToken(SECRET, token({ email: "Ann@Example.com", exp }), NOW)).toEqual({
      email: "ann@example.com",
      userId: null,
    });
    expect(
      readConfirmationToken(SECRET, token({ email: "a@example.com", userId: "u1", exp }), NOW),
    ).toEqual({ email: "a@example.com", userId: "u1" });
  });

  it("refuses an expired, altered, foreign, unsigned or change-of-address token", () => {
    const good = token({ email: "a@example.com", exp });
    const [header, , signature] = good.split(".");
    const refused = [
      token({ email: "a@example.com", exp: NOW / 1000 - 1 }),
      `${header}.${part({ email: "b@example.com", exp })}.${signature}`,
      `${good.slice(0, -2)}xx`,
      token({ email: "a@example.com", exp }, { alg: "none" }),
      `${header}.${part({ email: "a@example.com", exp })}.`,
      token({ email: "a@example.com", updateTo: "c@example.com", exp }),
      token({ email: "not an address", exp }),
      "not.a.token",
      "",
    ];
    for (const candidate of refused) {
      expect(readConfirmationToken(SECRET, candidate, NOW)).toBeNull();
    }
    expect(readConfirmationToken("another secret of some length!!", good, NOW)).toBeNull();
  });
});

describe("maskEmail", () => {
  it("keeps the first character and the domain only", () => {
    expect(maskEmail("victim@example.com")).toBe("v•••@example.com");
    expect(maskEmail("a@b.io")).toBe("a•••@b.io");
    expect(maskEmail("@example.com")).toBe("•••");
  });
});
