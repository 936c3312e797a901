import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Auth } from "#server/auth/auth.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { authSessions, authUsers } from "#server/db/schema";
import { buildTestAuth, recordingMailer } from "./test-auth";
import { databaseKind, openTestDatabase } from "./test-database";

// Decision 022: a verification link proves ownership of the whole account. Whoever started an
// account with someone else's address keeps neither a password nor a session once its owner
// confirms it; a link never switches a signed-in browser without asking; and signing in to an
// unconfirmed account answers like a wrong password.

const APP_URL = "http://localhost:3000";
const INTRUDER_PASSWORD = "intruder chose this passphrase 41";
const OWNER_PASSWORD = "owner picks a fresh passphrase 73";

/** The Cookie header a browser would send back after `response`. */
function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => !pair!.endsWith("="))
    .join("; ");
}

/** Each Set-Cookie as its name and attributes, the value left out. */
function cookieShapes(response: Response) {
  return response.headers.getSetCookie().map((cookie) => {
    const [pair, ...attributes] = cookie.split(";").map((part) => part.trim());
    return { name: pair!.split("=")[0], attributes };
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

describe(`verification proves ownership on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let mailer: ReturnType<typeof recordingMailer>;
  let auth: Auth;
  let address = 1;
  const call = (path: string, body?: unknown, cookie?: string) =>
    auth.handler(
      new Request(`${APP_URL}/api/auth${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: {
          "content-type": "application/json",
          origin: APP_URL,
          "x-client-ip": `10.7.${address >> 8}.${address++ & 255}`,
          ...(cookie ? { cookie } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  const signUp = (email: string, password: string) =>
    call("/sign-up/email", { email, password, name: "", callbackURL: "/verify-email" });
  const signIn = (email: string, password: string, cookie?: string) =>
    call("/sign-in/email", { email, password }, cookie);
  const sessionOf = async (cookie: string) =>
    (await (await call("/get-session", undefined, cookie)).json()) as {
      user: { email: string; emailVerified: boolean };
    } | null;
  const isVerifiedInDatabase = async (email: string) =>
    (await database.db.query.authUsers.findFirst({ where: eq(authUsers.email, email) }))
      ?.emailVerified;
  /** The link of the last verification mail to `email`. */
  const mailedLink = async (email: string) => {
    const links = () =>
      mailer.sent
        .filter((mail) => mail.to === email && mail.subject === "Verify your email address")
        .map((mail) => /http:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text)![0]);
    await vi.waitFor(() => expect(links().length).toBeGreaterThan(0));
    return links().at(-1)!;
  };
  const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
  const open = (link: string, cookie?: string) =>
    auth.handler(
      new Request(link, {
        headers: { "x-client-ip": `10.6.0.${address++ & 255}`, ...(cookie ? { cookie } : {}) },
      }),
    );

  beforeAll(async () => {
    database = await openTestDatabase();
    mailer = recordingMailer();
    auth = buildTestAuth(database, { appUrl: APP_URL, mailer });
  });
  afterAll(() => database.close());

  describe("a link opened outside the browser that signed up", () => {
    it("changes nothing on GET and sends the opener to choose the password", async () => {
      const email = "hana@example.com";
      await signUp(email, INTRUDER_PASSWORD);
      const link = await mailedLink(email);

      const opened = await open(link);
      expect(opened.status).toBe(302);
      expect(opened.headers.get("location")).toBe(
        `/verify-email?token=${encodeURIComponent(tokenOf(link))}`,
      );
      expect(opened.headers.getSetCookie().join("\n")).not.toContain("session_token");
      expect(await isVerifiedInDatabase(email)).toBe(false);
    });

    it("leaves the intruder's password and sessions nothing once the owner confirms", async () => {
      const email = "victim@example.com";
      const intruder = cookieFrom(await signUp(email, INTRUDER_PASSWORD));
      const link = await mailedLink(email);
      // A session the account held before its owner confirmed it (one started before decision
      // 022, when an unconfirmed account could still be signed in to).
      const { internalAdapter } = await auth.$context;
      const account = await database.db.query.authUsers.findFirst({
        where: eq(authUsers.email, email),
      });
      const earlier = await internalAdapter.createSession(account!.id);

      // The owner opens the mail on their own device and chooses the password.
      const confirmed = await call("/confirm-email", {
        token: tokenOf(link),
        password: OWNER_PASSWORD,
      });
      expect(confirmed.status).toBe(200);
      expect(await confirmed.json()).toEqual({ status: true, passwordReplaced: true });
      const owner = cookieFrom(confirmed);
      expect(await sessionOf(owner)).toMatchObject({ user: { email, emailVerified: true } });

      // The intruder's password now gets exactly the answer of a wrong password.
      const intruderSignIn = await signIn(email, INTRUDER_PASSWORD);
      const wrongPassword = await signIn(email, "not the password at all 93");
      expect(intruderSignIn.status).toBe(401);
      expect(wrongPassword.status).toBe(401);
      expect(await intruderSignIn.json()).toEqual(await wrongPassword.json());
      expect(cookieShapes(intruderSignIn)).toEqual(cookieShapes(wrongPassword));
      expect(intruderSignIn.headers.getSetCookie().join("\n")).not.toContain("session_token");
      // Nothing the intruder held is left: not the pending sign-up, not an earlier session.
      expect(await sessionOf(intruder)).toBeNull();
      expect(await internalAdapter.findSession(earlier.token)).toBeNull();
      const sessions = await database.db.query.authSessions.findMany({
        where: eq(authSessions.userId, account!.id),
      });
      expect(sessions).toHaveLength(1);
      expect((await signIn(email, OWNER_PASSWORD)).status).toBe(200);
      // The link is spent.
      const again = await call("/confirm-email", {
        token: tokenOf(link),
        password: OWNER_PASSWORD,
      });
      expect(again.status).toBe(400);
    });

    it("refuses a missing, short or weak password and a forged token, changing nothing", async () => {
      const email = "careful@example.com";
      await signUp(email, INTRUDER_PASSWORD);
      const token = tokenOf(await mailedLink(email));
      for (const body of [
        { token },
        { token, password: "short" },
        { token, password: "password123" },
        { token: `${token}x`, password: OWNER_PASSWORD },
        { token: 5, password: OWNER_PASSWORD },
      ]) {
        expect((await call("/confirm-email", body)).status).toBe(400);
      }
      expect(await isVerifiedInDatabase(email)).toBe(false);
    });
  });

  describe("an owner who resets the password instead", () => {
    it("verifies the address and leaves the intruder's password nothing", async () => {
      const email = "resets-instead@example.com";
      await signUp(email, INTRUDER_PASSWORD);
      await mailedLink(email);
      await call("/request-password-reset", { email, redirectTo: "/reset-password" });
      const resetMail = () =>
        mailer.sent.find((mail) => mail.to === email && mail.subject === "Reset your password");
      await vi.waitFor(() => expect(resetMail()).toBeDefined());
      const token = /\/reset-password\/([^?\s]+)/.exec(resetMail()!.text)![1];
      const reset = await call("/reset-password", { token, newPassword: OWNER_PASSWORD });
      expect(reset.status).toBe(200);
      expect(await isVerifiedInDatabase(email)).toBe(true);
      expect((await signIn(email, INTRUDER_PASSWORD)).status).toBe(401);
      expect((await signIn(email, OWNER_PASSWORD)).status).toBe(200);
    });
  });

  describe("a link opened in the browser that signed up", () => {
    it("verifies at once, signs that browser in and keeps the password it chose", async () => {
      const email = "same-browser-owner@example.com";
      const pending = cookieFrom(await signUp(email, OWNER_PASSWORD));
      const opened = await open(await mailedLink(email), pending);
      expect(opened.status).toBe(302);
      expect(opened.headers.get("location")).toBe("/verify-email");
      const both = `${pending}; ${cookieFrom(opened)}`;
      expect(await sessionOf(both)).toMatchObject({ user: { email, emailVerified: true } });
      expect((await signIn(email, OWNER_PASSWORD)).status).toBe(200);
    });
  });

  describe("a signed-in browser opening another account's link", () => {
    it("keeps its session and changes nothing on GET", async () => {
      const victim = "signed-in-victim@example.com";
      const victimPending = cookieFrom(await signUp(victim, OWNER_PASSWORD));
      const victimOpened = await open(await mailedLink(victim), victimPending);
      const victimCookie = cookieFrom(victimOpened);
      expect(await sessionOf(victimCookie)).toMatchObject({ user: { email: victim } });

      const attacker = "attacker-account@example.com";
      await signUp(attacker, INTRUDER_PASSWORD);
      const attackerLink = await mailedLink(attacker);

      const opened = await open(attackerLink, victimCookie);
      expect(opened.status).toBe(302);
      expect(opened.headers.get("location")).toBe(
        `/verify-email?token=${encodeURIComponent(tokenOf(attackerLink))}`,
      );
      expect(opened.headers.getSetCookie().join("\n")).not.toContain("session_token");
      expect(await sessionOf(victimCookie)).toMatchObject({ user: { email: victim } });
      expect(await isVerifiedInDatabase(attacker)).toBe(false);
    });

    it("switches only when the person sends the form, ending the session it held", async () => {
      const first = "first-account@example.com";
      const firstPending = cookieFrom(await signUp(first, OWNER_PASSWORD));
      const firstCookie = cookieFrom(await open(await mailedLink(first), firstPending));
      const second = "second-account@example.com";
      await signUp(second, OWNER_PASSWORD);
      const token = tokenOf(await mailedLink(second));

      const confirmed = await call(
        "/confirm-email",
        { token, password: "another owner passphrase 58" },
        firstCookie,
      );
      expect(confirmed.status).toBe(200);
      expect(await sessionOf(firstCookie)).toBeNull();
      expect(await sessionOf(cookieFrom(confirmed))).toMatchObject({ user: { email: second } });
    });
  });

  describe("signing in to an account whose address is not confirmed", () => {
    const TAKEN = "long-taken@example.com";
    beforeAll(async () => {
      const pending = cookieFrom(await signUp(TAKEN, "the real owner's passphrase 12"));
      await open(await mailedLink(TAKEN), pending);
    });

    it("answers like a wrong password for a taken address: status, body, cookies", async () => {
      const free = "was-free@example.com";
      await signUp(free, INTRUDER_PASSWORD);
      await signUp(TAKEN, INTRUDER_PASSWORD);
      const onFree = await signIn(free, INTRUDER_PASSWORD);
      const onTaken = await signIn(TAKEN, INTRUDER_PASSWORD);
      expect(onFree.status).toBe(401);
      expect(onTaken.status).toBe(401);
      expect(await onFree.json()).toEqual(await onTaken.json());
      expect(cookieShapes(onFree)).toEqual(cookieShapes(onTaken));
    });

    it("answers the browser that signed up alike too, and sends it to confirm its email", async () => {
      const free = "free-here@example.com";
      const freePending = cookieFrom(await signUp(free, INTRUDER_PASSWORD));
      const takenPending = cookieFrom(await signUp(TAKEN, INTRUDER_PASSWORD));
      const onFree = await signIn(free, INTRUDER_PASSWORD, freePending);
      const onTaken = await signIn(TAKEN, INTRUDER_PASSWORD, takenPending);
      expect(onFree.status).toBe(403);
      expect(onTaken.status).toBe(403);
      expect(await onFree.json()).toEqual({
        code: "EMAIL_NOT_VERIFIED",
        message: "Confirm your email first: open the link we sent to that address.",
      });
      expect(await onTaken.json()).toEqual({
        code: "EMAIL_NOT_VERIFIED",
        message: "Confirm your email first: open the link we sent to that address.",
      });
      expect(cookieShapes(onFree)).toEqual(cookieShapes(onTaken));
    });

    it("takes comparable time for the two", async () => {
      const runs = 20;
      const times: [number[], number[]] = [[], []];
      for (let run = 0; run < runs; run++) {
        const free = `timing-free-${run}@example.com`;
        await signUp(free, INTRUDER_PASSWORD);
        // Alternate which goes first, so neither always meets a warmer cache.
        const order = run % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
        for (const index of order) {
          const started = performance.now();
          await signIn(index === 0 ? free : TAKEN, INTRUDER_PASSWORD);
          times[index]!.push(performance.now() - started);
        }
      }
      const [unconfirmed, wrongPassword] = times.map(median) as [number, number];
      console.info(
        `sign-in medians over ${runs} tries: unconfirmed account ${unconfirmed.toFixed(1)} ms, ` +
          `wrong password for a taken address ${wrongPassword.toFixed(1)} ms`,
      );
      // Each answer hashes one password (tens of ms); a missing hash would show as several times.
      const [slower, faster] = [
        Math.max(unconfirmed, wrongPassword),
        Math.min(unconfirmed, wrongPassword),
      ];
      expect(slower).toBeLessThan(faster * 2 + 10);
    });
  });
});
