import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Auth } from "#server/auth/auth.server";
import { createViewerReader, type ViewerReader } from "#server/auth/viewer.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { authSessions, authUsers, userProfiles } from "#server/db/schema";
import { buildTestAuth } from "./test-auth";
import { databaseKind, openTestDatabase } from "./test-database";

// The reader of "who is signed in" reads the session itself (one query instead of Better
// Auth's session read and ours); these prove it keeps Better Auth's rules: signed cookies only,
// a sign-out or an expired session ends it at once, and a day-old session is still extended.

const APP_URL = "http://localhost:3000";
const PASSWORD = "correct horse battery";
const DAY_MS = 24 * 3600 * 1000;

describe(`the signed-in reader on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let auth: Auth;
  let readSignedIn: ViewerReader;
  let address = 1;

  const post = (path: string, body: unknown, cookie?: string) =>
    auth.handler(
      new Request(`${APP_URL}/api/auth${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: APP_URL,
          "x-client-ip": `10.9.0.${address++}`,
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify(body),
      }),
    );
  /** A new account whose owner confirmed the address, signed in: the Cookie header it sends. */
  const signedInCookie = async (email: string) => {
    await post("/sign-up/email", { email, password: PASSWORD, name: "Reader" });
    await database.db
      .update(authUsers)
      .set({ emailVerified: true })
      .where(eq(authUsers.email, email));
    const response = await post("/sign-in/email", { email, password: PASSWORD });
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  };
  const read = (cookie: string) => readSignedIn(new Headers({ cookie }));
  const sessionOf = async (token: string) => {
    const [session] = await database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.token, token));
    return session;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    auth = buildTestAuth(database, { appUrl: APP_URL });
    readSignedIn = createViewerReader(auth, database.db, []);
  });
  afterAll(() => database.close());

  it("reads the person and profile of a session, and nobody from the request after sign-out", async () => {
    const cookie = await signedInCookie("reader@example.com");
    const signedIn = await read(cookie);
    expect(signedIn?.viewer).toMatchObject({
      email: "reader@example.com",
      emailVerified: true,
      username: "Reader",
      displayName: "Reader",
      isAdmin: false,
    });
    expect(await sessionOf(signedIn!.sessionToken)).toBeDefined();

    await database.db
      .update(userProfiles)
      .set({ displayName: "Renamed" })
      .where(eq(userProfiles.userId, signedIn!.viewer.id));
    expect((await read(cookie))?.viewer.displayName).toBe("Renamed");

    expect((await post("/sign-out", {}, cookie)).status).toBe(200);
    expect(await read(cookie)).toBeNull();
  });

  it("opens nothing with a cookie whose signature is not the server's", async () => {
    const cookie = await signedInCookie("forger@example.com");
    const [name, value] = cookie
      .split("; ")
      .find((pair) => pair.includes("session_token"))!
      .split("=");
    const token = decodeURIComponent(value!).split(".")[0]!;
    expect(await read(`${name}=${value}`)).not.toBeNull();

    const signedWith = (secret: string) =>
      `${name}=${encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`)}`;
    expect(await read(signedWith("x".repeat(32)))).not.toBeNull();
    expect(await read(signedWith("another secret of 32 characters!"))).toBeNull();
    expect(await read(`${name}=${encodeURIComponent(token)}`)).toBeNull();
    expect(
      await read(
        `${name}=${encodeURIComponent(`${token}x.${decodeURIComponent(value!).split(".")[1]}`)}`,
      ),
    ).toBeNull();
  });

  it("ends an expired session", async () => {
    const cookie = await signedInCookie("expired@example.com");
    const { sessionToken } = (await read(cookie))!;
    await database.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.token, sessionToken));

    expect(await read(cookie)).toBeNull();
    expect(await sessionOf(sessionToken)).toBeUndefined();
  });

  it("extends a session a day after it was last extended, as Better Auth does", async () => {
    const cookie = await signedInCookie("extended@example.com");
    const { sessionToken } = (await read(cookie))!;
    const twoDaysOld = new Date(Date.now() + 28 * DAY_MS);
    await database.db
      .update(authSessions)
      .set({ expiresAt: twoDaysOld })
      .where(eq(authSessions.token, sessionToken));

    expect((await read(cookie))?.viewer.email).toBe("extended@example.com");
    const extended = (await sessionOf(sessionToken))!.expiresAt.getTime();
    expect(extended - Date.now()).toBeGreaterThan(29 * DAY_MS);

    // A fresh session is read as it is.
    expect((await read(cookie))?.viewer.email).toBe("extended@example.com");
    expect((await sessionOf(sessionToken))!.expiresAt.getTime()).toBe(extended);
  });
});
