import { describe, expect, it } from "vitest";
import { holdsAdminRole, type RoleFacts } from "#server/auth/roles.server";

const ADMIN_EMAILS = ["boss@example.com", "ops@example.org"] as const;

function user(overrides: Partial<RoleFacts> = {}): RoleFacts {
  return {
    email: "someone@example.com",
    emailVerified: true,
    role: "user",
    hasPassword: false,
    passwordResetAt: null,
    ...overrides,
  };
}

describe("holdsAdminRole", () => {
  it("never makes an unverified user an admin, whatever the role or list says", () => {
    expect(holdsAdminRole(user({ emailVerified: false, role: "admin" }), [])).toBe(false);
    expect(
      holdsAdminRole(user({ emailVerified: false, email: "boss@example.com" }), ADMIN_EMAILS),
    ).toBe(false);
    expect(
      holdsAdminRole(
        user({ emailVerified: false, email: "boss@example.com", role: "admin" }),
        ADMIN_EMAILS,
      ),
    ).toBe(false);
  });

  it("makes a verified user with the admin role an admin", () => {
    expect(holdsAdminRole(user({ role: "admin" }), [])).toBe(true);
    expect(holdsAdminRole(user({ role: "admin" }), ADMIN_EMAILS)).toBe(true);
  });

  it("makes a verified user whose email is in ADMIN_EMAILS an admin", () => {
    expect(holdsAdminRole(user({ email: "ops@example.org" }), ADMIN_EMAILS)).toBe(true);
  });

  it("compares the user's email case-insensitively with the (lower-case) list", () => {
    expect(holdsAdminRole(user({ email: "Boss@Example.COM" }), ADMIN_EMAILS)).toBe(true);
  });

  it("refuses a verified user with neither the role nor a listed email", () => {
    expect(holdsAdminRole(user(), ADMIN_EMAILS)).toBe(false);
    expect(holdsAdminRole(user({ email: "boss@example.co" }), ADMIN_EMAILS)).toBe(false);
    expect(holdsAdminRole(user({ role: "Admin" }), [])).toBe(false);
  });

  it("gives a listed address with a password the role only once a reset link set that password", () => {
    // Someone else may have signed up first with the listed address and chosen the password.
    const preRegistered = user({ email: "boss@example.com", hasPassword: true });
    expect(holdsAdminRole(preRegistered, ADMIN_EMAILS)).toBe(false);
    const reset = user({
      email: "boss@example.com",
      hasPassword: true,
      passwordResetAt: new Date(),
    });
    expect(holdsAdminRole(reset, ADMIN_EMAILS)).toBe(true);
    expect(holdsAdminRole({ ...preRegistered, role: "admin" }, ADMIN_EMAILS)).toBe(true);
  });
});
