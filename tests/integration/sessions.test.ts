import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Auth } from "#server/auth/auth.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { authUsers, authVerifications } from "#server/db/schema";
import type { Mail } from "#server/mail/mailer.server";
import { buildTestAuth } from "./test-auth";
import { databaseKind, openTestDatabase } from "./test-database";

// DESIGN.md 8 session rules, proved against Better Auth on a real database: cookie flags, a new
// session on sign-in, sign-out ending the session on the server, and single-use, 1-hour reset
// tokens.

const PASSWORD = "correct horse battery";

describe(`sessions and reset tokens on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  const sent: Mail[] = [];
  let address = 1;

  const build = (appUrl: string): Auth =>
    buildTestAuth(database, {
      appUrl,
      nodeEnv: "production",
      mailer: { kind: "outbox", send: async (mail) => void sent.push(mail), close: () => {} },
    });

  const call = (auth: Auth, appUrl: string, path: string, body?: unknown, cookie?: string) =>
    auth.handler(
      new Request(`${appUrl}/api/auth${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: {
          "content-type": "application/json",
          origin: appUrl,
          "x-client-ip": `10.7.0.${address++}`,
          ...(cookie ? { cookie } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");

  /** Signs up and marks the address verified, as its owner's opening the link would. */
  const signUpConfirmed = async (
    auth: Auth,
    appUrl: string,
    account: { email: string; password: string },
  ) => {
    await call(auth, appUrl, "/sign-up/email", { ...account, name: "" });
    await database.db
      .update(authUsers)
      .set({ emailVerified: true })
      .where(eq(authUsers.email, account.email));
  };

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it("sets an HttpOnly, SameSite=Lax session cookie, Secure on an https site", async () => {
    const plain = build("http://localhost:3000");
    const account = { email: "cookie-http@example.com", password: PASSWORD };
    await signUpConfirmed(plain, "http://localhost:3000", account);
    const onHttp = await call(plain, "http://localhost:3000", "/sign-in/email", account);
    const httpCookie = onHttp.headers
      .getSetCookie()
      .find((cookie) => cookie.includes("session_token"))!;
    expect(httpCookie).toMatch(/HttpOnly/i);
    expect(httpCookie).toMatch(/SameSite=Lax/i);
    expect(httpCookie).not.toMatch(/Secure/i);

    const secure = build("https://tools.example.com");
    const secureAccount = { email: "cookie-https@example.com", password: PASSWORD };
    await signUpConfirmed(secure, "https://tools.example.com", secureAccount);
    const onHttps = await call(
      secure,
      "https://tools.example.com",
      "/sign-in/email",
      secureAccount,
    );
    const httpsCookie = onHttps.headers
      .getSetCookie()
      .find((cookie) => cookie.includes("session_token"))!;
    expect(httpsCookie).toMatch(/^__Secure-/);
    expect(httpsCookie).toMatch(/; Secure/i);
    expect(httpsCookie).toMatch(/HttpOnly/i);
  });

  it("gives every sign-in a new session, and sign-out ends it on the server", async () => {
    const appUrl = "http://localhost:3000";
    const auth = build(appUrl);
    const account = { email: "sessions@example.com", password: PASSWORD };
    await signUpConfirmed(auth, appUrl, account);
    const first = cookieOf(await call(auth, appUrl, "/sign-in/email", account));
    const second = cookieOf(await call(auth, appUrl, "/sign-in/email", account));
    expect(second).not.toBe(first);

    const sessionOf = async (cookie: string) =>
      (await call(auth, appUrl, "/get-session", undefined, cookie)).json();
    expect(await sessionOf(second)).toMatchObject({ user: { email: "sessions@example.com" } });
    await call(auth, appUrl, "/sign-out", {}, second);
    // The old cookie, replayed after sign-out, opens nothing.
    expect(await sessionOf(second)).toBeNull();
    expect(await sessionOf(first)).toMatchObject({ user: { email: "sessions@example.com" } });
  });

  it("ends the session a browser held when it signs in again", async () => {
    const appUrl = "http://localhost:3000";
    const auth = build(appUrl);
    const account = { email: "again@example.com", password: PASSWORD };
    await signUpConfirmed(auth, appUrl, account);
    const first = cookieOf(await call(auth, appUrl, "/sign-in/email", account));
    const other = cookieOf(await call(auth, appUrl, "/sign-in/email", account));
    const again = cookieOf(await call(auth, appUrl, "/sign-in/email", account, first));
    const sessionOf = async (cookie: string) =>
      (await call(auth, appUrl, "/get-session", undefined, cookie)).json();
    expect(await sessionOf(first)).toBeNull();
    expect(await sessionOf(again)).toMatchObject({ user: { email: "again@example.com" } });
    // Another device's session is not this browser's to end.
    expect(await sessionOf(other)).toMatchObject({ user: { email: "again@example.com" } });
  });

  it("takes a reset token once, and not after its hour", async () => {
    const appUrl = "http://localhost:3000";
    const auth = build(appUrl);
    const email = "reset-once@example.com";
    await call(auth, appUrl, "/sign-up/email", { email, password: PASSWORD, name: "" });
    const tokenFromMail = async () => {
      const before = sent.length;
      await call(auth, appUrl, "/request-password-reset", { email, redirectTo: "/reset-password" });
      await expect.poll(() => sent.length).toBeGreaterThan(before);
      const link = /\/reset-password\/([^?\s]+)/.exec(sent.at(-1)!.text)![1]!;
      return link;
    };

    const token = await tokenFromMail();
    const first = await call(auth, appUrl, "/reset-password", {
      token,
      newPassword: "new secret one",
    });
    expect(first.status).toBe(200);
    const again = await call(auth, appUrl, "/reset-password", {
      token,
      newPassword: "new secret two",
    });
    expect(again.status).toBe(400);

    const late = await tokenFromMail();
    const row = await database.db.query.authVerifications.findFirst({
      where: eq(authVerifications.identifier, `reset-password:${late}`),
    });
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(lifetime - 3_600_000)).toBeLessThan(5_000);
    await database.db
      .update(authVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authVerifications.identifier, `reset-password:${late}`));
    const expired = await call(auth, appUrl, "/reset-password", {
      token: late,
      newPassword: "new secret three",
    });
    expect(expired.status).toBe(400);
  });
});
