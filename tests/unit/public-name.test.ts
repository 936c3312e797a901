import { describe, expect, it } from "vitest";
import { neutralNameOf, publicNameOf } from "#server/auth/public-name.server";

describe("publicNameOf: the display name, else a made-up name, never the email", () => {
  it("prefers the display name, trimmed", () => {
    expect(publicNameOf("  Ada Lovelace  ", "user-1")).toBe("Ada Lovelace");
  });

  it("gives an account without one an adjective and an animal, the same every time", () => {
    const name = publicNameOf(null, "3f1c2a9e-1111-4222-8333-444455556666");
    expect(name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    expect(publicNameOf("", "3f1c2a9e-1111-4222-8333-444455556666")).toBe(name);
    expect(publicNameOf("   \t ", "3f1c2a9e-1111-4222-8333-444455556666")).toBe(name);
  });

  it("spreads accounts over many names", () => {
    const names = new Set(Array.from({ length: 1000 }, (_, index) => neutralNameOf(`u-${index}`)));
    expect(names.size).toBeGreaterThan(850);
  });
});
