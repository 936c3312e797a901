import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Auth } from "#server/auth/auth.server";
import { findPendingSignUp, pendingTokenOf } from "#server/auth/pending-sign-up.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { authSessions, authUsers, pendingSignUps } from "#server/db/schema";
import { buildTestAuth, recordingMailer } from "./test-auth";
import { databaseKind, openTestDatabase } from "./test-database";

// Decision 010: nothing an answer holds (status, body, cookies, time) tells whether an
// address has an account: at sign-up, sign-in and password reset.

const APP_URL = "http://localhost:3000";
const PASSWORD = "violet tractor umbrella 93";

/** The shape of a JSON value: its keys in order, and each leaf's type. */
function shapeOf(value: unknown): unknown {
  if (value === null) return "null";
  if (Array.isArray(value)) return value.map(shapeOf);
  if (typeof value === "object") {
    return Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)]);
  }
  return typeof value;
}

/** Each Set-Cookie as its name and attributes, the value left out. */
function cookieShapes(response: Response) {
  return response.headers.getSetCookie().map((cookie) => {
    const [pair, ...attributes] = cookie.split(";").map((part) => part.trim());
    return { name: pair!.split("=")[0], attributes };
  });
}

/** The Cookie header a browser would send back after `response`. */
function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => !pair!.endsWith("="))
    .join("; ");
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * The median times of two requests over alternate runs, slower first. A generous bound on them
 * (4 times and 20 ms) catches a real difference, such as a password hashed for one answer only
 * (some 50 ms against 5), without failing on a busy machine.
 */
async function medianTimes(
  runs: number,
  first: (run: number) => Promise<unknown>,
  second: (run: number) => Promise<unknown>,
): Promise<[slower: number, faster: number]> {
  const times: [number[], number[]] = [[], []];
  for (let run = 0; run < runs; run++) {
    for (const [index, request] of [first, second].entries()) {
      const started = performance.now();
      await request(run);
      times[index]!.push(performance.now() - started);
    }
  }
  const medians = times.map(median);
  return [Math.max(...medians), Math.min(...medians)];
}

const TIMING_RUNS = 7;
const timingOwners = Array.from({ length: TIMING_RUNS }, (_, run) => `timing-${run}@example.com`);

describe(`no account enumeration on ${databaseKind}`, () => {
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
          "x-client-ip": `10.9.${address >> 8}.${address++ & 255}`,
          ...(cookie ? { cookie } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  const signUp = (email: string, name = "X", password = PASSWORD) =>
    call("/sign-up/email", { email, password, name, callbackURL: "/verify-email" });
  const mailsTo = (to: string) => mailer.sent.filter((mail) => mail.to === to);
  /**
   * Opens the mailed verification link in a browser of its own (no cookies), where its owner
   * chooses the password on the page it leads to (decision 022), or in the browser holding
   * `cookie`; returns the cookie that browser is left with.
   */
  const verifyByMail = async (email: string, cookie?: string) => {
    await vi.waitFor(() => expect(mailsTo(email).some(isVerification)).toBe(true));
    const mail = mailsTo(email).filter(isVerification).at(-1)!;
    const link = /http:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text)![0];
    const opened = await auth.handler(
      new Request(link, { headers: { "x-client-ip": "10.8.0.1", ...(cookie ? { cookie } : {}) } }),
    );
    expect(opened.status).toBe(302);
    if (cookie) return cookieFrom(opened);
    const token = new URL(link).searchParams.get("token");
    const confirmed = await call("/confirm-email", { token, password: PASSWORD });
    expect(confirmed.status).toBe(200);
    return cookieFrom(confirmed);
  };
  /**
   * Sessions of an account whose address is not verified, as one could hold before decision 022
   * (it can no longer be signed in to): signed in while marked verified, then unmarked.
   */
  const sessionsBeforeVerifying = async (email: string, password: string, total: number) => {
    const setVerified = (emailVerified: boolean) =>
      database.db.update(authUsers).set({ emailVerified }).where(eq(authUsers.email, email));
    await setVerified(true);
    const cookies: string[] = [];
    for (let index = 0; index < total; index++) {
      cookies.push(cookieFrom(await call("/sign-in/email", { email, password })));
    }
    await setVerified(false);
    return cookies;
  };
  const isVerification = (mail: { subject: string }) =>
    mail.subject === "Verify your email address";
  const sessionOf = async (cookie: string) =>
    (await (await call("/get-session", undefined, cookie)).json()) as {
      user: { email: string };
    } | null;
  const poll = (cookie: string) => call("/pending-sign-up/status", {}, cookie);

  beforeAll(async () => {
    database = await openTestDatabase();
    mailer = recordingMailer();
    auth = buildTestAuth(database, { appUrl: APP_URL, mailer });
    await signUp("taken@example.com", "T");
    await verifyByMail("taken@example.com");
  });
  afterAll(() => database.close());

  describe("sign-up", () => {
    it("answers a taken and a free address alike: status, body shape, cookies", async () => {
      const taken = await signUp("taken@example.com", "Someone");
      const free = await signUp("free-compare@example.com", "Someone");
      expect(taken.status).toBe(200);
      expect(free.status).toBe(taken.status);
      const takenBody = (await taken.json()) as { token: unknown; user: Record<string, unknown> };
      const freeBody = (await free.json()) as { token: unknown; user: Record<string, unknown> };
      expect(shapeOf(takenBody)).toEqual(shapeOf(freeBody));
      expect(takenBody.token).toBeNull();
      expect(freeBody.token).toBeNull();
      expect(takenBody.user).toMatchObject({ email: "taken@example.com", emailVerified: false });
      expect(freeBody.user).toMatchObject({
        email: "free-compare@example.com",
        emailVerified: false,
      });

      expect(cookieShapes(taken)).toEqual(cookieShapes(free));
      expect(cookieShapes(free)).toEqual([
        {
          name: "better-auth.pending_sign_up",
          attributes: ["Max-Age=86400", "Path=/", "HttpOnly", "SameSite=Lax"],
        },
      ]);
      // Neither is signed in.
      expect(await sessionOf(cookieFrom(taken))).toBeNull();
      expect(await sessionOf(cookieFrom(free))).toBeNull();
    });

    it("mails the owner of a taken address, and the new address its verification link", async () => {
      await signUp("owner@example.com", "Owner");
      await vi.waitFor(() => expect(mailsTo("owner@example.com")).toHaveLength(1));
      await signUp("OWNER@Example.com", "Someone Else", "another long passphrase 7");
      await vi.waitFor(() => expect(mailsTo("owner@example.com")).toHaveLength(2));
      expect(mailsTo("owner@example.com").map((mail) => mail.subject)).toEqual([
        "Verify your email address",
        "You already have an account",
      ]);
      const [users] = await database.db
        .select({ total: count() })
        .from(authUsers)
        .where(eq(authUsers.email, "owner@example.com"));
      expect(users?.total).toBe(1);
    });

    it("answers a secure site's taken and free address with the same Secure cookie", async () => {
      const secure = buildTestAuth(database, {
        appUrl: "https://tools.example.com",
        nodeEnv: "production",
      });
      const onHttps = (email: string) =>
        secure.handler(
          new Request("https://tools.example.com/api/auth/sign-up/email", {
            method: "POST",
            headers: {
              "content-type": "application/json",
              origin: "https://tools.example.com",
              "x-client-ip": `10.9.200.${address++ & 255}`,
            },
            body: JSON.stringify({ email, password: PASSWORD, name: "" }),
          }),
        );
      const taken = await onHttps("taken@example.com");
      const free = await onHttps("free-secure@example.com");
      expect(cookieShapes(taken)).toEqual(cookieShapes(free));
      expect(cookieShapes(free)).toEqual([
        {
          name: "__Secure-better-auth.pending_sign_up",
          attributes: ["Max-Age=86400", "Path=/", "HttpOnly", "Secure", "SameSite=Lax"],
        },
      ]);
    });

    it.each([
      ["a padded email", { email: " EMAIL ", password: PASSWORD, name: "X" }],
      ["no name", { email: "EMAIL", password: PASSWORD }],
      ["a non-string name", { email: "EMAIL", password: PASSWORD, name: 5 }],
      [
        "a non-boolean rememberMe",
        { email: "EMAIL", password: PASSWORD, name: "X", rememberMe: "yes" },
      ],
      ["an unknown field", { email: "EMAIL", password: PASSWORD, name: "X", role: "admin" }],
      ["a short password", { email: "EMAIL", password: "short", name: "X" }],
    ])("answers %s the same for a taken and a free email", async (_, template) => {
      const withEmail = (email: string) =>
        Object.fromEntries(
          Object.entries(template).map(([k, v]) => [
            k,
            typeof v === "string" ? v.replace("EMAIL", email) : v,
          ]),
        );
      const post = (email: string) => call("/sign-up/email", withEmail(email));
      const taken = await post("taken@example.com");
      const free = await post(`free${address}@example.com`);
      expect(taken.status).toBe(free.status);
      expect(shapeOf(await taken.json())).toEqual(shapeOf(await free.json()));
      expect(cookieShapes(taken)).toEqual(cookieShapes(free));
    });

    it("takes comparable time for a taken and a free address", async () => {
      for (const owner of timingOwners) await signUp(owner);
      const [slower, faster] = await medianTimes(
        TIMING_RUNS,
        (run) => signUp(timingOwners[run]!),
        (run) => signUp(`timing-free-${run}@example.com`),
      );
      expect(slower).toBeLessThan(faster * 4 + 20);
    });
  });

  describe("the pending sign-up cookie", () => {
    it("polls as unverified, then reports the address verified without signing this browser in", async () => {
      const signedUp = await signUp("newcomer@example.com", "Newcomer");
      const pending = cookieFrom(signedUp);

      const waiting = await poll(pending);
      expect(waiting.status).toBe(200);
      expect(await waiting.json()).toEqual({
        email: "newcomer@example.com",
        verified: false,
        signedIn: false,
      });
      expect(cookieShapes(waiting)).toEqual([]);

      const linkBrowser = await verifyByMail("newcomer@example.com");
      const verified = await poll(pending);
      expect(await verified.json()).toEqual({
        email: "newcomer@example.com",
        verified: true,
        signedIn: false,
      });
      // Only the browser that opened the link is signed in.
      expect(verified.headers.getSetCookie().join("\n")).not.toContain("session_token");
      expect(await sessionOf(linkBrowser)).toMatchObject({
        user: { email: "newcomer@example.com" },
      });
      // The pending cookie is spent: expired in the browser and gone from the database.
      expect(verified.headers.getSetCookie().join("\n")).toMatch(
        /better-auth\.pending_sign_up=; Max-Age=0/,
      );
      expect((await poll(pending)).status).toBe(401);
    });

    it("says signed in when the link was opened in the browser that waits", async () => {
      const pending = cookieFrom(await signUp("same-browser@example.com"));
      const linkBrowser = await verifyByMail("same-browser@example.com", pending);
      const both = `${pending}; ${linkBrowser}`;
      const verified = await poll(both);
      expect(await verified.json()).toEqual({
        email: "same-browser@example.com",
        verified: true,
        signedIn: true,
      });
      expect(await sessionOf(both)).toMatchObject({ user: { email: "same-browser@example.com" } });
    });

    it("never turns an intruder's pending cookie into a session, before or after the owner verifies", async () => {
      const email = "gina@example.com";
      const intruder = cookieFrom(await signUp(email, "Not Gina", "intruder's own passphrase 4"));
      const noSession = async (response: Response) => {
        expect(response.headers.getSetCookie().join("\n")).not.toContain("session_token");
        expect(await sessionOf(`${intruder}; ${cookieFrom(response)}`)).toBeNull();
      };
      const before = await poll(intruder);
      expect(await before.json()).toMatchObject({ verified: false, signedIn: false });
      await noSession(before);

      // Gina signs up too, is told about the unconfirmed account, and opens the first link.
      await signUp(email, "Gina", "gina's passphrase for tools 8");
      await vi.waitFor(() =>
        expect(mailsTo(email).map((mail) => mail.subject)).toContain("You already have an account"),
      );
      const gina = await verifyByMail(email);
      expect(await sessionOf(gina)).toMatchObject({ user: { email } });

      const after = await poll(intruder);
      expect(await after.json()).toEqual({ email, verified: true, signedIn: false });
      await noSession(after);
      expect((await poll(intruder)).status).toBe(401);
      expect(await sessionOf(intruder)).toBeNull();
      expect(await sessionOf(gina)).toMatchObject({ user: { email } });
    });

    it("tells the owner of an unconfirmed account how to take it over by a password reset", async () => {
      const email = "started-by-someone@example.com";
      await signUp(email, "Someone");
      await signUp(email, "Owner");
      await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(2));
      const told = mailsTo(email).at(-1)!;
      expect(told.subject).toBe("You already have an account");
      expect(told.text).toContain("started before but never confirmed");
      expect(told.text).toContain(`Reset the password: ${APP_URL}/?forgotPassword=1`);
      expect(told.text).toContain("ends every other session");
      // Google is not offered where it is not set up.
      expect(told.text).not.toContain("Google");
    });

    it("ends every session of an account opened before its address was verified, except the link's", async () => {
      const email = "early-sessions@example.com";
      await signUp(email, "Early", "early bird passphrase 61");
      const signIn = () => call("/sign-in/email", { email, password: "early bird passphrase 61" });
      // Decision 022: not any more, it answers like a wrong password.
      expect((await signIn()).status).toBe(401);
      const early = await sessionsBeforeVerifying(email, "early bird passphrase 61", 2);
      for (const cookie of early)
        expect(await sessionOf(cookie)).toMatchObject({ user: { email } });

      const linkBrowser = await verifyByMail(email);
      for (const cookie of early) expect(await sessionOf(cookie)).toBeNull();
      expect(await sessionOf(linkBrowser)).toMatchObject({ user: { email } });
      // Signed in after the verification, with the password chosen then: kept.
      const later = cookieFrom(await call("/sign-in/email", { email, password: PASSWORD }));
      expect(await sessionOf(later)).toMatchObject({ user: { email } });
    });

    it("keeps the session of a signed-in browser that opens its own link, and ends the others", async () => {
      const email = "signed-in-verifier@example.com";
      await signUp(email, "Verifier", "verifier passphrase 55");
      const [own, other] = (await sessionsBeforeVerifying(email, "verifier passphrase 55", 2)) as [
        string,
        string,
      ];
      await vi.waitFor(() => expect(mailsTo(email).some(isVerification)).toBe(true));
      const link = /http:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(
        mailsTo(email).filter(isVerification).at(-1)!.text,
      )![0];
      const opened = await auth.handler(
        new Request(link, { headers: { "x-client-ip": "10.8.0.2", cookie: own } }),
      );
      expect(opened.status).toBe(302);
      expect(await sessionOf(own)).toMatchObject({ user: { email, emailVerified: true } });
      expect(await sessionOf(other)).toBeNull();
    });

    it("never leads to a session for a taken address, verified or not", async () => {
      await signUp("taken-2@example.com", "Owner");
      await verifyByMail("taken-2@example.com");
      const signedUp = await signUp("taken-2@example.com", "Intruder");
      const pending = cookieFrom(signedUp);
      const fresh = await signUp("still-waiting@example.com", "Waiting");
      for (let attempt = 0; attempt < 3; attempt++) {
        const taken = await poll(pending);
        const unverified = await poll(cookieFrom(fresh));
        expect(taken.status).toBe(unverified.status);
        expect(await taken.json()).toEqual({
          email: "taken-2@example.com",
          verified: false,
          signedIn: false,
        });
        expect(await unverified.json()).toEqual({
          email: "still-waiting@example.com",
          verified: false,
          signedIn: false,
        });
        expect(cookieShapes(taken)).toEqual([]);
      }
      const [owner] = await database.db
        .select({ id: authUsers.id, emailVerified: authUsers.emailVerified })
        .from(authUsers)
        .where(eq(authUsers.email, "taken-2@example.com"));
      expect(owner?.emailVerified).toBe(true);
      const [sessions] = await database.db
        .select({ total: count() })
        .from(authSessions)
        .where(eq(authSessions.userId, owner!.id));
      // Only the owner's own session from following their link.
      expect(sessions?.total).toBe(1);
    });

    it("resends the link for a new address, and answers a taken one the same with no mail", async () => {
      const fresh = cookieFrom(await signUp("resend-fresh@example.com"));
      await signUp("taken-3@example.com");
      const taken = cookieFrom(await signUp("taken-3@example.com"));
      await vi.waitFor(() => expect(mailsTo("resend-fresh@example.com")).toHaveLength(1));
      await vi.waitFor(() => expect(mailsTo("taken-3@example.com")).toHaveLength(2));

      const freeAnswer = await call("/pending-sign-up/resend", {}, fresh);
      const takenAnswer = await call("/pending-sign-up/resend", {}, taken);
      expect(takenAnswer.status).toBe(freeAnswer.status);
      expect(await takenAnswer.json()).toEqual(await freeAnswer.json());
      await vi.waitFor(() => expect(mailsTo("resend-fresh@example.com")).toHaveLength(2));
      expect(mailsTo("resend-fresh@example.com").map((mail) => mail.subject)).toEqual([
        "Verify your email address",
        "Verify your email address",
      ]);
      // The owner was told once, at the sign-up; asking again sends them nothing more.
      expect(mailsTo("taken-3@example.com").map((mail) => mail.subject)).toEqual([
        "Verify your email address",
        "You already have an account",
      ]);
    });

    it("is forgotten on sign-out, so it cannot sign the browser back in", async () => {
      const signedUp = await signUp("leaver@example.com");
      const pending = cookieFrom(signedUp);
      const signedOut = await call("/sign-out", {}, pending);
      expect(signedOut.headers.getSetCookie().join("\n")).toMatch(
        /better-auth\.pending_sign_up=; Max-Age=0/,
      );
      await verifyByMail("leaver@example.com");
      expect((await poll(pending)).status).toBe(401);
      const [left] = await database.db
        .select({ total: count() })
        .from(pendingSignUps)
        .where(eq(pendingSignUps.email, "leaver@example.com"));
      expect(left?.total).toBe(0);
    });

    it("names its address to the page that waits, for a day", async () => {
      const pending = cookieFrom(await signUp("reader@example.com"));
      const token = pendingTokenOf(`theme=dark; ${pending}`);
      expect(await findPendingSignUp(database.db, token)).toMatchObject({
        email: "reader@example.com",
        emailVerified: false,
      });
      await database.db
        .update(pendingSignUps)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(pendingSignUps.email, "reader@example.com"));
      expect(await findPendingSignUp(database.db, token)).toBeNull();
      expect((await poll(pending)).status).toBe(401);
    });

    it("answers a missing or forged cookie with 401", async () => {
      expect((await poll("")).status).toBe(401);
      expect((await poll("better-auth.pending_sign_up=forged")).status).toBe(401);
      expect(
        (await call("/pending-sign-up/resend", {}, "better-auth.pending_sign_up=x")).status,
      ).toBe(401);
    });
  });

  describe("sign-in", () => {
    it("answers a wrong password and an unknown address alike, in comparable time", async () => {
      const attempt = (email: string) =>
        call("/sign-in/email", { email, password: "not the password at all" });
      const wrong = await attempt("taken@example.com");
      const unknown = await attempt("nobody-here@example.com");
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(wrong.status);
      expect(await unknown.json()).toEqual(await wrong.json());
      expect(cookieShapes(unknown)).toEqual(cookieShapes(wrong));

      const [slower, faster] = await medianTimes(
        TIMING_RUNS,
        () => attempt("taken@example.com"),
        (run) => attempt(`nobody-${run}@example.com`),
      );
      expect(slower).toBeLessThan(faster * 4 + 20);
    });
  });

  describe("password reset", () => {
    it("answers a known and an unknown address alike, in comparable time", async () => {
      const ask = (email: string) =>
        call("/request-password-reset", { email, redirectTo: "/reset-password" });
      const known = await ask(timingOwners[0]!);
      const unknown = await ask("nobody-reset@example.com");
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(known.status);
      expect(await unknown.json()).toEqual(await known.json());
      expect(cookieShapes(unknown)).toEqual(cookieShapes(known));

      // No password is hashed here: both answers are a few milliseconds of database work.
      const [slower, faster] = await medianTimes(
        TIMING_RUNS,
        (run) => ask(timingOwners[run]!),
        (run) => ask(`nobody-reset-${run}@example.com`),
      );
      expect(slower).toBeLessThan(faster * 4 + 20);
    });
  });
});

describe("sign-up input cannot choose privileges", () => {
  it("ignores a role in the body", async () => {
    const database = await openTestDatabase();
    try {
      const auth = buildTestAuth(database);
      await auth.handler(
        new Request(`${APP_URL}/api/auth/sign-up/email`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: APP_URL,
            "x-client-ip": "10.9.9.9",
          },
          body: JSON.stringify({
            email: "climber@example.com",
            password: PASSWORD,
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
