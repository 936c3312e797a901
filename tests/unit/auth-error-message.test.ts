import { describe, expect, it } from "vitest";
import { authErrorMessage } from "~/client/auth/auth-client";

describe("the message of a failed auth or reset call", () => {
  it("is the provider's message when the failure is an Error", () => {
    expect(authErrorMessage(new Error("Invalid email or password"))).toBe(
      "Invalid email or password",
    );
  });

  it("is 'An error occurred' when the failure is not an Error", () => {
    expect(authErrorMessage("network down")).toBe("An error occurred");
    expect(authErrorMessage({ message: "looks like one" })).toBe("An error occurred");
    expect(authErrorMessage(undefined)).toBe("An error occurred");
  });
});
