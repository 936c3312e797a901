import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Auth } from "../../server/auth/auth.server";
import type { DatabaseHandle } from "../../server/db/client.server";
import { authUsers } from "../../server/db/schema";
import { buildTestAuth } from "./test-auth";
import { openTestDatabase } from "./test-database";

describe("sign-up never reveals whether an email is taken", () => {
  let database: DatabaseHandle;
  let auth: Auth;
  let address = 1;
  const signUp = (body: Record<string, unknown>) =>
    auth.handler(
      new Request("http://localhost:3000/api/auth/sign-up/email", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: "http://localhost:3000",
          "x-client-ip": `10.9.0.${address++}`,
        },
        body: JSON.stringify(body),
      }),
    );
  beforeAll(async () => {
    database = await openTestDatabase();
    auth = buildTestAuth(database);
    await signUp({ email: "taken@example.com", password: "password123", name: "T" });
  });
  afterAll(() => database.close());

  it.each([
    ["a padded email", { email: " EMAIL ", password: "password123", name: "X" }],
    ["no name", { email: "EMAIL", password: "password123" }],
    ["a non-string name", { email: "EMAIL", password: "password123", name: 5 }],
    [
      "a non-boolean rememberMe",
      { email: "EMAIL", password: "password123", name: "X", rememberMe: "yes" },
    ],
    ["an unknown field", { email: "EMAIL", password: "password123", name: "X", role: "admin" }],
    ["a short password", { email: "EMAIL", password: "short", name: "X" }],
  ])("answers %s with the same status for a taken and a free email", async (_, template) => {
    const withEmail = (email: string) =>
      Object.fromEntries(
        Object.entries(template).map(([k, v]) => [
          k,
          typeof v === "string" ? v.replace("EMAIL", email) : v,
        ]),
      );
    const taken = await signUp(withEmail("taken@example.com"));
    const free = await signUp(withEmail(`free${address}@example.com`));
    expect(taken.status).toBe(free.status);
  });

  it("orders the user's fields the same way for a taken and a free email", async () => {
    const taken = (await (
      await signUp({ email: "taken@example.com", password: "password123", name: "X" })
    ).json()) as { user: object };
    const free = (await (
      await signUp({ email: "free-order@example.com", password: "password123", name: "X" })
    ).json()) as { user: object };
    expect(Object.keys(taken.user)).toEqual(Object.keys(free.user));
  });
});

describe("sign-up input cannot choose privileges", () => {
  it("ignores a role in the body", async () => {
    const database = await openTestDatabase();
    try {
      const auth = buildTestAuth(database);
      await auth.handler(
        new Request("http://localhost:3000/api/auth/sign-up/email", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: "http://localhost:3000",
            "x-client-ip": "10.9.9.9",
          },
          body: JSON.stringify({
            email: "climber@example.com",
            password: "password123",
            name: "C",
            role: "admin",
            emailVerified: true,
          }),
        }),
      );
      const user = await database.db.query.authUsers.findFirst({
        where: eq(authUsers.email, "climber@example.com"),
      });
      expect(user?.role).toBe("user");
      expect(user?.emailVerified).toBe(false);
    } finally {
      await database.close();
    }
  });
});
