import { describe, expect, it } from "vitest";
import {
  changePasswordSchema,
  deleteAccountSchema,
  displayNameSchema,
  newPasswordSchema,
  PASSWORDS_DO_NOT_MATCH,
  resetRequestSchema,
  signInSchema,
  signUpSchema,
} from "~/lib/account-forms";

/** The issues of a failed parse as [path, message] pairs. */
function problems(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);
}

const signUp = {
  displayName: "Ada",
  email: "ada@example.com",
  password: "correct horse",
  confirmPassword: "correct horse",
};

describe("sign-up form", () => {
  it("accepts a complete form and trims the email and display name", () => {
    const result = signUpSchema.safeParse({
      ...signUp,
      displayName: "  Ada  ",
      email: " ada@example.com ",
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ ...signUp, displayName: "Ada" });
  });

  it("gives exactly 'Passwords do not match' on confirmPassword when they differ", () => {
    expect(PASSWORDS_DO_NOT_MATCH).toBe("Passwords do not match");
    const result = signUpSchema.safeParse({ ...signUp, confirmPassword: "correct horsE" });
    expect(problems(result)).toEqual([["confirmPassword", "Passwords do not match"]]);
  });

  it("refuses a display name with a control character or over 100 characters", () => {
    expect(problems(signUpSchema.safeParse({ ...signUp, displayName: "Ada\u0000" }))).toEqual([
      [
        "displayName",
        "The name holds a control character or another character that is not allowed.",
      ],
    ]);
    expect(problems(displayNameSchema.safeParse({ displayName: "a".repeat(101) }))).toEqual([
      ["displayName", "Use at most 100 characters."],
    ]);
    expect(displayNameSchema.safeParse({ displayName: "Ada Lovelace" }).success).toBe(true);
  });

  it("requires the email", () => {
    expect(problems(signUpSchema.safeParse({ ...signUp, email: "" }))).toEqual([
      ["email", "Enter your email address."],
    ]);
    expect(problems(signUpSchema.safeParse({ ...signUp, email: "   " }))).toEqual([
      ["email", "Enter your email address."],
    ]);
    const { email: _email, ...withoutEmail } = signUp;
    expect(problems(signUpSchema.safeParse(withoutEmail)).map(([path]) => path)).toEqual(["email"]);
  });

  it("requires a valid email address", () => {
    expect(problems(signUpSchema.safeParse({ ...signUp, email: "ada.example.com" }))).toEqual([
      ["email", "Enter a valid email address."],
    ]);
    expect(problems(signUpSchema.safeParse({ ...signUp, email: "ada@" }))).toEqual([
      ["email", "Enter a valid email address."],
    ]);
  });

  it("makes the display name optional", () => {
    const { displayName: _name, ...withoutName } = signUp;
    const result = signUpSchema.safeParse(withoutName);
    expect(result.success).toBe(true);
    expect(result.data?.displayName).toBeUndefined();
  });

  it("limits the display name to 100 characters", () => {
    expect(signUpSchema.safeParse({ ...signUp, displayName: "x".repeat(100) }).success).toBe(true);
    expect(problems(signUpSchema.safeParse({ ...signUp, displayName: "x".repeat(101) }))).toEqual([
      ["displayName", "Use at most 100 characters."],
    ]);
  });

  it("has no password length rule in the client (a 1-character password passes)", () => {
    const result = signUpSchema.safeParse({ ...signUp, password: "a", confirmPassword: "a" });
    expect(result.success).toBe(true);
    expect(signInSchema.safeParse({ email: "ada@example.com", password: "a" }).success).toBe(true);
    expect(newPasswordSchema.safeParse({ password: "a", confirmPassword: "a" }).success).toBe(true);
    expect(
      changePasswordSchema.safeParse({ currentPassword: "b", password: "a", confirmPassword: "a" })
        .success,
    ).toBe(true);
  });

  it("still requires a password and its confirmation", () => {
    expect(
      problems(signUpSchema.safeParse({ ...signUp, password: "", confirmPassword: "" })),
    ).toEqual([
      ["password", "Enter your password."],
      ["confirmPassword", "Confirm your password."],
    ]);
  });
});

describe("sign-in form", () => {
  it("requires email and password", () => {
    expect(problems(signInSchema.safeParse({ email: "", password: "" }))).toEqual([
      ["email", "Enter your email address."],
      ["password", "Enter your password."],
    ]);
  });
});

describe("password reset request", () => {
  it("requires an email", () => {
    expect(problems(resetRequestSchema.safeParse({ email: "" }))).toEqual([
      ["email", "Enter your email address."],
    ]);
    expect(problems(resetRequestSchema.safeParse({})).map(([path]) => path)).toEqual(["email"]);
  });

  it("requires a valid email and trims it", () => {
    expect(problems(resetRequestSchema.safeParse({ email: "nope" }))).toEqual([
      ["email", "Enter a valid email address."],
    ]);
    expect(resetRequestSchema.parse({ email: " ada@example.com\n" })).toEqual({
      email: "ada@example.com",
    });
  });
});

describe("new password and change password", () => {
  it("rejects a mismatched new password on confirmPassword", () => {
    expect(
      problems(newPasswordSchema.safeParse({ password: "one", confirmPassword: "two" })),
    ).toEqual([["confirmPassword", "Passwords do not match"]]);
  });

  it("rejects a mismatched changed password on confirmPassword", () => {
    const result = changePasswordSchema.safeParse({
      currentPassword: "old password",
      password: "new password",
      confirmPassword: "new passw0rd",
    });
    expect(problems(result)).toEqual([["confirmPassword", "Passwords do not match"]]);
  });

  it("accepts a matching change and requires the current password", () => {
    const form = { currentPassword: "old", password: "new", confirmPassword: "new" };
    expect(changePasswordSchema.parse(form)).toEqual(form);
    expect(problems(changePasswordSchema.safeParse({ ...form, currentPassword: "" }))).toEqual([
      ["currentPassword", "Enter your current password."],
    ]);
  });
});

describe("delete account form", () => {
  it("accepts no password (Google-only accounts) and a password", () => {
    expect(deleteAccountSchema.parse({})).toEqual({});
    expect(deleteAccountSchema.parse({ password: "secret pass" })).toEqual({
      password: "secret pass",
    });
  });

  it("rejects a password longer than 128 characters", () => {
    expect(deleteAccountSchema.safeParse({ password: "p".repeat(128) }).success).toBe(true);
    expect(deleteAccountSchema.safeParse({ password: "p".repeat(129) }).success).toBe(false);
  });
});
