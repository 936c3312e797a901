import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Auth } from "../../server/auth/auth.server";
import { findPendingSignUp, pendingTokenOf } from "../../server/auth/pending-sign-up.server";
import type { DatabaseHandle } from "../../server/db/client.server";
import { authSessions, authUsers, pendingSignUps } from "../../server/db/schema";
import { buildTestAuth, recordingMailer } from "./test-auth";
import { databaseKind, openTestDatabase } from "./test-database";

// Issue 14, decision 010: nothing an answer holds (status, body, cookies, time) tells whether an
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
  /** Opens the mailed verification link in a browser of its own (no cookies). */
  const verifyByMail = async (email: string) => {
    await vi.waitFor(() => expect(mailsTo(email).some(isVerification)).toBe(true));
    const mail = mailsTo(email).filter(isVerification).at(-1)!;
    const link = /http:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text)![0];
    const opened = await auth.handler(
      new Request(link, { headers: { "x-client-ip": "10.8.0.1" } }),
    );
    expect(opened.status).toBe(302);
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
    it("polls as unverified, then trades itself for a session once the address is verified", async () => {
      const signedUp = await signUp("newcomer@example.com", "Newcomer");
      const pending = cookieFrom(signedUp);

      const waiting = await poll(pending);
      expect(waiting.status).toBe(200);
      expect(await waiting.json()).toEqual({ email: "newcomer@example.com", verified: false });
      expect(cookieShapes(waiting)).toEqual([]);

      await verifyByMail("newcomer@example.com");
      const verified = await poll(pending);
      expect(await verified.json()).toEqual({ email: "newcomer@example.com", verified: true });
      const session = cookieFrom(verified);
      expect(session).toContain("better-auth.session_token=");
      expect(await sessionOf(session)).toMatchObject({ user: { email: "newcomer@example.com" } });
      // The pending cookie is spent: expired in the browser and gone from the database.
      expect(verified.headers.getSetCookie().join("\n")).toMatch(
        /better-auth\.pending_sign_up=; Max-Age=0/,
      );
      expect((await poll(pending)).status).toBe(401);
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
        expect(await taken.json()).toEqual({ email: "taken-2@example.com", verified: false });
        expect(await unverified.json()).toEqual({
          email: "still-waiting@example.com",
          verified: false,
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
