import { describe, expect, it } from "vitest";
import { likeRefusalOf } from "~/components/likes/like-refusal";

const verified = { id: "user-1", emailVerified: true };

describe("likeRefusalOf (Like)", () => {
  it("asks a signed-out visitor to sign in", () => {
    expect(likeRefusalOf(null, "tool-1")).toEqual({ kind: "sign-in" });
  });

  it("refuses a like without a tool id with the text for 3 s", () => {
    expect(likeRefusalOf(verified, "")).toEqual({
      kind: "toast",
      toast: { message: "Unable to like: Invalid tool data", tone: "error", durationMs: 3000 },
    });
  });

  it("refuses a like from a viewer without an id with the same text", () => {
    const refusal = likeRefusalOf({ id: "", emailVerified: true }, "tool-1");
    expect(refusal?.kind === "toast" && refusal.toast.message).toBe(
      "Unable to like: Invalid tool data",
    );
  });

  it("sends an unverified person to verify their email", () => {
    const refusal = likeRefusalOf({ id: "user-1", emailVerified: false }, "tool-1");
    expect(refusal?.kind === "toast" && refusal.toast.action).toEqual({
      label: "Verify email",
      href: "/verify-email",
    });
  });

  it("lets a verified person like a tool", () => {
    expect(likeRefusalOf(verified, "tool-1")).toBeNull();
  });
});
