import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cookieValueOf, signedTokenOf } from "#server/auth/viewer.server";

const SECRET = "s".repeat(32);
const signed = (token: string, secret = SECRET) =>
  `${token}.${createHmac("sha256", secret).update(token).digest("base64")}`;

describe("cookieValueOf", () => {
  it("finds the cookie of exactly that name, URI-decoded, the first of repeats", () => {
    const header = `__Secure-a.session_token=secure; a.session_token=one%2Btwo; a.session_token=later`;
    expect(cookieValueOf(header, "a.session_token")).toBe("one+two");
    expect(cookieValueOf(header, "__Secure-a.session_token")).toBe("secure");
    expect(cookieValueOf(header, "session_token")).toBeNull();
  });

  it("unquotes a quoted value and keeps one that does not decode", () => {
    expect(cookieValueOf(`x="quoted"`, "x")).toBe("quoted");
    expect(cookieValueOf(`x=100%`, "x")).toBe("100%");
    expect(cookieValueOf(`y=1`, "x")).toBeNull();
  });
});

describe("signedTokenOf", () => {
  it("gives the token of a value signed with the secret", () => {
    expect(signedTokenOf(signed("token-1"), SECRET)).toBe("token-1");
    expect(signedTokenOf(signed("with.dot"), SECRET)).toBe("with.dot");
  });

  it("refuses another secret's signature, a changed token, and malformed values", () => {
    expect(signedTokenOf(signed("token-1", "t".repeat(32)), SECRET)).toBeNull();
    expect(signedTokenOf(signed("token-1").replace("token-1", "token-2"), SECRET)).toBeNull();
    expect(signedTokenOf("token-1", SECRET)).toBeNull();
    expect(signedTokenOf(".abc", SECRET)).toBeNull();
    expect(signedTokenOf(`token-1.${"A".repeat(43)}=`, SECRET)).toBeNull();
  });
});
