import { describe, expect, it } from "vitest";
import { usernameOf } from "~/lib/profile";

describe("usernameOf (spec 3: display name, else email before the @, else empty)", () => {
  it("prefers the display name, trimmed", () => {
    expect(usernameOf("  Ada Lovelace  ", "ada@example.com")).toBe("Ada Lovelace");
    expect(usernameOf("Ada", null)).toBe("Ada");
  });

  it("falls back to the part of the email before the @", () => {
    expect(usernameOf(null, "grace.hopper@example.com")).toBe("grace.hopper");
    expect(usernameOf(undefined, "a@b.c")).toBe("a");
    expect(usernameOf("", "first@second@example.com")).toBe("first");
  });

  it("treats a whitespace-only display name as empty", () => {
    expect(usernameOf("   \t\n ", "linus@example.com")).toBe("linus");
    expect(usernameOf("   ", null)).toBe("");
  });

  it("answers empty when there is neither a name nor a usable email", () => {
    expect(usernameOf(null, null)).toBe("");
    expect(usernameOf(undefined, undefined)).toBe("");
    expect(usernameOf("", "")).toBe("");
  });

  it("answers empty for an email without an @ or starting with one", () => {
    expect(usernameOf(null, "no-at-sign.example.com")).toBe("");
    expect(usernameOf(null, "@example.com")).toBe("");
  });
});
