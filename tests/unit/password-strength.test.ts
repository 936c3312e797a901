import { describe, expect, it } from "vitest";
import { findPasswordWeakness, WEAK_PASSWORD } from "#server/auth/password-strength.server";

describe("findPasswordWeakness", () => {
  it.each(["password", "12345678", "password123", "qwertyuiop", "iloveyou1"])(
    "refuses the common password %j, saying why",
    (password) => {
      expect(findPasswordWeakness(password)).toMatch(
        /^This is a \w+ used password\. Choose a longer or less predictable password\.$/,
      );
    },
  );

  it("refuses a weak password that is in no list with the general reason", () => {
    expect(findPasswordWeakness("monkey123!")).toBe(WEAK_PASSWORD);
  });

  it("accepts a long passphrase", () => {
    expect(findPasswordWeakness("violet tractor umbrella 93")).toBeNull();
    expect(findPasswordWeakness("correct horse battery staple")).toBeNull();
  });

  it("refuses a password built from the account's own name and address", () => {
    const password = "ada lovelace 1815";
    expect(findPasswordWeakness(password)).toBeNull();
    expect(findPasswordWeakness(password, ["ada.l@example.com", "Ada Lovelace"])).toMatch(
      /personal/,
    );
  });

  it("ignores missing personal details", () => {
    expect(findPasswordWeakness("violet tractor umbrella 93", [null, undefined, " "])).toBeNull();
  });
});
