import { count, eq, inArray, like, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Auth } from "#server/auth/auth.server";
import { neutralNameOf } from "#server/auth/public-name.server";
import { createViewerReader } from "#server/auth/viewer.server";
import type { DatabaseHandle } from "#server/db/client.server";
import {
  authAccounts,
  authRateLimits,
  authSessions,
  authUsers,
  authVerifications,
  mailOutbox,
  pendingSignUps,
  toolLikes,
  tools,
  userProfiles,
} from "#server/db/schema";
import { createMailer, type Mailer } from "#server/mail/mailer.server";
import { MAIL_PER_RECIPIENT } from "#server/rate-limit/recipient-limit.server";
import { checkAccountPassword } from "#server/services/account/check-account-password.server";
import { deleteAccount } from "#server/services/account/delete-account.server";
import { deleteOwnAccount } from "#server/services/account/delete-own-account.server";
import { setAdminRole } from "#server/services/account/set-admin-role.server";
import { createToolRow } from "../factories";
import { buildTestAuth, recordingMailer } from "./test-auth";
import { databaseKind, openTestDatabase } from "./test-database";

const APP_URL = "http://localhost:3000";
const PASSWORD = "correct horse battery";

function buildAuth(database: DatabaseHandle, mailer: Mailer): Auth {
  return buildTestAuth(database, { appUrl: APP_URL, mailer });
}

/** A POST to the auth routes as the browser sends it, from client address `ip`. */
function post(
  auth: Auth,
  path: string,
  body: unknown,
  ip: string,
  cookie?: string,
): Promise<Response> {
  const headers = { "content-type": "application/json", origin: APP_URL, "x-client-ip": ip };
  return auth.handler(
    new Request(`${APP_URL}/api/auth${path}`, {
      method: "POST",
      headers: cookie ? { ...headers, cookie } : headers,
      body: JSON.stringify(body),
    }),
  );
}

/** The Cookie header a browser would send back after `response`. */
function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

describe(`accounts on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let mailer: ReturnType<typeof recordingMailer>;
  let auth: Auth;
  // Each sign-up gets its own client address: sign-up allows 10 an hour per address.
  let nextAddress = 100;
  const freshAddress = () => `10.0.1.${nextAddress++}`;

  const signUp = (email: string, name: string, password = PASSWORD) =>
    post(auth, "/sign-up/email", { email, password, name }, freshAddress());
  const signIn = (email: string, password = PASSWORD, ip = freshAddress()) =>
    post(auth, "/sign-in/email", { email, password }, ip);
  /** Marks an address verified, as its owner's opening the mailed link would (decision 022). */
  const confirm = (email: string) =>
    database.db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.email, email));
  /** A sign-up whose owner then confirms the address, so the account can be signed in to. */
  const signUpConfirmed = async (email: string, name: string) => {
    const response = await signUp(email, name);
    await confirm(email);
    return response;
  };
  const userByEmail = async (email: string) => {
    const [user] = await database.db.select().from(authUsers).where(eq(authUsers.email, email));
    if (!user) throw new Error(`no user ${email}`);
    return user;
  };
  const mailsTo = (to: string) => mailer.sent.filter((mail) => mail.to === to);

  beforeAll(async () => {
    database = await openTestDatabase();
    mailer = recordingMailer();
    auth = buildAuth(database, mailer);
  });
  afterAll(async () => {
    await database.close();
  });

  describe("sign-up", () => {
    it("creates the user, an argon2id credential, the profile, and sends the verification mail", async () => {
      const response = await signUp("ada@example.com", "  Ada Lovelace ");
      expect(response.status).toBe(200);
      const body = (await response.json()) as { token: string | null; user: { email: string } };
      // Decision 010: nobody is signed in until the address is verified.
      expect(body.token).toBeNull();
      expect(body.user.email).toBe("ada@example.com");
      expect(cookieFrom(response)).toMatch(/^better-auth\.pending_sign_up=[\w-]+$/);

      const user = await userByEmail("ada@example.com");
      expect(user).toMatchObject({ emailVerified: false, role: "user" });

      const accounts = await database.db
        .select()
        .from(authAccounts)
        .where(eq(authAccounts.userId, user.id));
      expect(accounts.map((account) => account.providerId)).toEqual(["credential"]);
      const hash = accounts[0]!.password!;
      expect(hash.startsWith("$argon2id$")).toBe(true);
      expect(hash).toContain("m=19456,t=2");

      const [profile] = await database.db
        .select()
        .from(userProfiles)
        .where(eq(userProfiles.userId, user.id));
      expect(profile).toMatchObject({
        email: "ada@example.com",
        username: "Ada Lovelace",
        displayName: "Ada Lovelace",
        photoUrl: null,
      });
      expect(profile!.createdAt).toBeInstanceOf(Date);
      expect(Math.abs(profile!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);

      await vi.waitFor(() => expect(mailsTo("ada@example.com")).toHaveLength(1));
      const [mail] = mailsTo("ada@example.com");
      expect(mail!.subject).toBe("Verify your email address");
      expect(mail!.text).toContain(`${APP_URL}/api/auth/verify-email?token=`);
    });

    it("names the profile with a made-up name, not the email's, when no name is given", async () => {
      const response = await signUp("grace.hopper@example.com", "");
      expect(response.status).toBe(200);
      const user = await userByEmail("grace.hopper@example.com");
      const [profile] = await database.db
        .select()
        .from(userProfiles)
        .where(eq(userProfiles.userId, user.id));
      expect(profile).toMatchObject({ username: neutralNameOf(user.id), displayName: null });
    });

    it("answers a taken email like a new sign-up, signs nobody in, and mails the owner", async () => {
      const fresh = await signUp("first.timer@example.com", "First");
      const freshBody = (await fresh.json()) as { user: Record<string, unknown> };
      await vi.waitFor(() => expect(mailsTo("first.timer@example.com")).toHaveLength(1));

      await signUp("owner@example.com", "Owner Name");
      await vi.waitFor(() => expect(mailsTo("owner@example.com")).toHaveLength(1));
      const owner = await userByEmail("owner@example.com");
      const sessionsBefore = await database.db
        .select({ total: count() })
        .from(authSessions)
        .where(eq(authSessions.userId, owner.id));

      const again = await signUp("OWNER@Example.com", "Someone Else", "another long passphrase 7");
      expect(again.status).toBe(fresh.status);
      expect(again.status).toBe(200);
      const againBody = (await again.json()) as { token: unknown; user: Record<string, unknown> };
      expect(Object.keys(againBody).sort()).toEqual(Object.keys(freshBody).sort());
      expect(Object.keys(againBody.user).sort()).toEqual(Object.keys(freshBody.user).sort());
      expect(againBody.user.email).toBe("owner@example.com");
      expect(againBody.user.id).not.toBe(owner.id);
      expect(againBody.token).toBeNull();
      const cookieNames = (response: Response) =>
        response.headers.getSetCookie().map((cookie) => cookie.split("=")[0]);
      expect(cookieNames(again)).toEqual(cookieNames(fresh));
      expect(cookieNames(again)).toEqual(["better-auth.pending_sign_up"]);

      const [users] = await database.db
        .select({ total: count() })
        .from(authUsers)
        .where(sql`lower(${authUsers.email}) = 'owner@example.com'`);
      expect(users?.total).toBe(1);
      const sessionsAfter = await database.db
        .select({ total: count() })
        .from(authSessions)
        .where(eq(authSessions.userId, owner.id));
      expect(sessionsAfter).toEqual(sessionsBefore);
      const [profile] = await database.db
        .select()
        .from(userProfiles)
        .where(eq(userProfiles.userId, owner.id));
      expect(profile?.displayName).toBe("Owner Name");

      await vi.waitFor(() => expect(mailsTo("owner@example.com")).toHaveLength(2));
      expect(mailsTo("owner@example.com").map((mail) => mail.subject)).toEqual([
        "Verify your email address",
        "You already have an account",
      ]);
    });

    it("refuses a password shorter than 8 characters on the server", async () => {
      const response = await signUp("shorty@example.com", "Shorty", "1234567");
      expect(response.status).toBe(400);
      const users = await database.db
        .select()
        .from(authUsers)
        .where(eq(authUsers.email, "shorty@example.com"));
      expect(users).toEqual([]);
    });
  });

  describe("weak passwords", () => {
    const TOO_COMMON =
      /^This is a \w+ used password\. Choose a longer or less predictable password\.$/;
    const messageOf = async (response: Response) =>
      ((await response.json()) as { message: string }).message;

    it.each(["password", "12345678"])(
      "refuses %j at sign-up, alike for a taken and a free address, creating nothing",
      async (weak) => {
        await signUp("weak-owner@example.com", "Owner");
        const sent = mailer.sent.length;
        const taken = await signUp("weak-owner@example.com", "Someone", weak);
        const free = await signUp(`weak-free-${weak}@example.com`, "Someone", weak);
        expect(taken.status).toBe(400);
        expect(free.status).toBe(400);
        expect(await messageOf(taken)).toMatch(TOO_COMMON);
        expect(await messageOf(free)).toMatch(TOO_COMMON);
        expect(taken.headers.getSetCookie()).toEqual(free.headers.getSetCookie());
        expect(
          await database.db
            .select()
            .from(authUsers)
            .where(eq(authUsers.email, `weak-free-${weak}@example.com`)),
        ).toEqual([]);
        // Nobody is mailed about a refused sign-up.
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(mailer.sent.length).toBe(sent);
      },
    );

    it("refuses a password made of the name given at sign-up", async () => {
      const response = await signUp("grace@example.com", "Grace Hopper", "grace hopper 1906");
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toMatch(/personal/);
    });

    it("refuses a weak new password from a reset link, which still works for a strong one", async () => {
      await signUp("resetter@example.com", "Resetter");
      const before = mailsTo("resetter@example.com").length;
      await post(
        auth,
        "/request-password-reset",
        { email: "resetter@example.com", redirectTo: "/reset-password" },
        freshAddress(),
      );
      await vi.waitFor(() => expect(mailsTo("resetter@example.com")).toHaveLength(before + 1));
      const token = /\/reset-password\/([^?\s]+)/.exec(
        mailsTo("resetter@example.com").at(-1)!.text,
      )![1];

      const weak = await post(
        auth,
        "/reset-password",
        { token, newPassword: "password" },
        freshAddress(),
      );
      expect(weak.status).toBe(400);
      expect(await messageOf(weak)).toMatch(TOO_COMMON);
      expect((await signIn("resetter@example.com", "password")).status).toBe(401);

      const strong = await post(
        auth,
        "/reset-password",
        { token, newPassword: "a much longer new secret" },
        freshAddress(),
      );
      expect(strong.status).toBe(200);
      expect((await signIn("resetter@example.com", "a much longer new secret")).status).toBe(200);
    });

    it("refuses a weak new password when changing it, keeping the old one", async () => {
      await signUpConfirmed("changer@example.com", "Changer");
      const session = cookieFrom(await signIn("changer@example.com"));
      const change = (newPassword: string) =>
        post(
          auth,
          "/change-password",
          { currentPassword: PASSWORD, newPassword },
          freshAddress(),
          session,
        );
      const weak = await change("12345678");
      expect(weak.status).toBe(400);
      expect(await messageOf(weak)).toMatch(TOO_COMMON);
      expect((await signIn("changer@example.com")).status).toBe(200);

      expect((await change("violet tractor umbrella 93")).status).toBe(200);
      expect((await signIn("changer@example.com", "violet tractor umbrella 93")).status).toBe(200);
    });
  });

  describe("mail per recipient", () => {
    // Mail kept in the database outbox, so a refused request can be shown to write no row.
    let outboxAuth: Auth;
    beforeAll(() => {
      const outbox = createMailer({
        env: { APP_URL, NODE_ENV: "test", MAIL_FROM: "site@example.com" },
        db: database.db,
        logger: pino({ level: "silent" }),
      });
      outboxAuth = buildTestAuth(database, { appUrl: APP_URL, mailer: outbox });
    });
    const send = (path: string, body: unknown, cookie?: string) =>
      outboxAuth.handler(
        new Request(`${APP_URL}/api/auth${path}`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: APP_URL,
            "x-client-ip": freshAddress(),
            ...(cookie ? { cookie } : {}),
          },
          body: JSON.stringify(body),
        }),
      );
    const askReset = (email: string) =>
      send("/request-password-reset", { email, redirectTo: "/reset-password" });
    /** Rows that mail-sending endpoints write, for `email`. */
    const rowsFor = async (email: string) => {
      const [users] = await database.db
        .select({ total: count() })
        .from(authUsers)
        .where(eq(authUsers.email, email));
      const [verifications] = await database.db
        .select({ total: count() })
        .from(authVerifications)
        .where(like(authVerifications.identifier, "reset-password:%"));
      const [outbox] = await database.db
        .select({ total: count() })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email));
      const [pending] = await database.db
        .select({ total: count() })
        .from(pendingSignUps)
        .where(eq(pendingSignUps.email, email));
      return {
        users: users?.total,
        resetTokens: verifications?.total,
        outbox: outbox?.total,
        pending: pending?.total,
      };
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

    const signUpTo = (email: string) =>
      send("/sign-up/email", { email, password: PASSWORD, name: "" });
    const subjectsTo = async (email: string) =>
      (
        await database.db
          .select({ subject: mailOutbox.subject })
          .from(mailOutbox)
          .where(eq(mailOutbox.to, email))
      ).map((mail) => mail.subject);

    it("allows 5 reset mails an hour to one address, counted alike whether or not it has an account", async () => {
      const known = "inbox-known@example.com";
      const unknown = "inbox-unknown@example.com";
      expect((await signUpTo(known)).status).toBe(200);
      const statuses = { known: [] as number[], unknown: [] as number[] };
      for (let n = 0; n <= MAIL_PER_RECIPIENT.max; n++) {
        statuses.known.push((await askReset(known.toUpperCase())).status);
        statuses.unknown.push((await askReset(unknown)).status);
      }
      // The sign-up's mail came from a budget of its own.
      expect(statuses.known).toEqual([200, 200, 200, 200, 200, 429]);
      expect(statuses.unknown).toEqual(statuses.known);
      const refusedKnown = await askReset(known);
      const refusedUnknown = await askReset(unknown);
      expect(refusedUnknown.status).toBe(429);
      expect(await refusedUnknown.json()).toEqual(await refusedKnown.json());
      expect(Number(refusedUnknown.headers.get("retry-after"))).toBeGreaterThan(3000);
    });

    it("still mails a reset link to an address whose sign-up budget others have spent", async () => {
      const email = "inbox-spammed@example.com";
      expect((await signUpTo(email)).status).toBe(200);
      for (let n = 1; n < MAIL_PER_RECIPIENT.max; n++) {
        expect((await signUpTo(email)).status).toBe(200);
      }
      expect((await signUpTo(email)).status).toBe(429);

      expect((await askReset(email)).status).toBe(200);
      await vi.waitFor(async () =>
        expect(await subjectsTo(email)).toContain("Reset your password"),
      );
      expect(
        (await send("/send-verification-email", { email, callbackURL: "/verify-email" })).status,
      ).toBe(200);
    });

    it("refuses a sign-up past the cap without writing a user, token, pending row or mail", async () => {
      const email = "inbox-flooded@example.com";
      for (let n = 0; n < MAIL_PER_RECIPIENT.max; n++) {
        expect((await signUpTo(email)).status).toBe(200);
      }
      await vi.waitFor(async () =>
        expect((await rowsFor(email)).outbox).toBe(MAIL_PER_RECIPIENT.max),
      );
      const before = await rowsFor(email);
      const refused = await signUpTo(email);
      expect(refused.status).toBe(429);
      expect(refused.headers.getSetCookie()).toEqual([]);
      await settle();
      expect(await rowsFor(email)).toEqual(before);
      expect(before).toMatchObject({ users: 1, pending: MAIL_PER_RECIPIENT.max });
    });

    it("refuses reset, verification and resend past their caps without writing a token or mail", async () => {
      const email = "inbox-member@example.com";
      const pending = cookieFrom(await signUpTo(email));
      for (let n = 0; n < MAIL_PER_RECIPIENT.max; n++) {
        expect((await send("/pending-sign-up/resend", {}, pending)).status).toBe(200);
        expect((await askReset(email)).status).toBe(200);
      }
      await vi.waitFor(async () =>
        expect((await rowsFor(email)).outbox).toBe(1 + 2 * MAIL_PER_RECIPIENT.max),
      );
      const before = await rowsFor(email);
      expect((await askReset(email)).status).toBe(429);
      expect(
        (await send("/send-verification-email", { email, callbackURL: "/verify-email" })).status,
      ).toBe(429);
      expect((await send("/pending-sign-up/resend", {}, pending)).status).toBe(429);
      await settle();
      expect(await rowsFor(email)).toEqual(before);
    });
  });

  it("counts Better Auth's limits for every IPv6 address of one /64 together", async () => {
    const attempt = (ip: string) =>
      post(auth, "/sign-in/email", { email: "nobody@example.com", password: "wrong" }, ip);
    await attempt("2001:db8:42:7::1");
    await attempt("2001:db8:42:7:ffff:ffff:ffff:fffe");
    await attempt("2001:db8:42:8::1");
    const rows = await database.db
      .select({ key: authRateLimits.key, count: authRateLimits.count })
      .from(authRateLimits)
      .where(like(authRateLimits.key, "2001:0db8:0042:%"))
      .orderBy(authRateLimits.key);
    expect(rows).toEqual([
      { key: "2001:0db8:0042:0007:0000:0000:0000:0000|/sign-in/email", count: 2 },
      { key: "2001:0db8:0042:0008:0000:0000:0000:0000|/sign-in/email", count: 1 },
    ]);
  });

  describe("names", () => {
    const messageOf = async (response: Response) =>
      ((await response.json()) as { message: string }).message;

    it.each([
      ["a NUL byte", "Ada\u0000Lovelace"],
      ["an escape sequence", "\u001b[31mAda"],
      ["a line break", "Ada\nLovelace"],
    ])(
      "refuses a sign-up name with %s: 400, alike for a taken and a free address",
      async (_, name) => {
        await signUp("named-owner@example.com", "Owner");
        const taken = await signUp("named-owner@example.com", name);
        const free = await signUp("named-free@example.com", name);
        expect(taken.status).toBe(400);
        expect(free.status).toBe(400);
        const message = await messageOf(taken);
        expect(message).toBe(
          "The name holds a control character or another character that is not allowed.",
        );
        expect(await messageOf(free)).toBe(message);
        expect(
          await database.db
            .select()
            .from(authUsers)
            .where(eq(authUsers.email, "named-free@example.com")),
        ).toEqual([]);
      },
    );

    it("refuses a sign-up name longer than 100 characters", async () => {
      const response = await signUp("long-name@example.com", "n".repeat(101));
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toBe("Use at most 100 characters.");
      expect((await signUp("long-name@example.com", "n".repeat(100))).status).toBe(200);
    });

    it("refuses a display name with a control character: 400, the name unchanged", async () => {
      await signUpConfirmed("renamer@example.com", "Renamer");
      const session = cookieFrom(await signIn("renamer@example.com"));
      const rename = (name: string) =>
        post(auth, "/update-user", { name }, freshAddress(), session);
      const refused = await rename("Re\u0000namer");
      expect(refused.status).toBe(400);
      expect(await messageOf(refused)).toMatch(/control character/);
      expect((await rename("x".repeat(101))).status).toBe(400);
      expect((await userByEmail("renamer@example.com")).name).toBe("Renamer");
      expect((await rename("Renamed")).status).toBe(200);
      expect((await userByEmail("renamer@example.com")).name).toBe("Renamed");
    });
  });

  it("refreshes only the profile's updated_at on a later sign-in", async () => {
    await signUpConfirmed("returning@example.com", "Returning Reader");
    const user = await userByEmail("returning@example.com");
    const old = new Date("2020-01-01T00:00:00Z");
    await database.db
      .update(userProfiles)
      .set({ createdAt: old, updatedAt: old })
      .where(eq(userProfiles.userId, user.id));

    const response = await signIn("returning@example.com");
    expect(response.status).toBe(200);
    const [profile] = await database.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.userId, user.id));
    expect(profile!.createdAt.toISOString()).toBe(old.toISOString());
    expect(profile!.updatedAt.getTime()).toBeGreaterThan(old.getTime());
    expect(Math.abs(profile!.updatedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(profile!.displayName).toBe("Returning Reader");
    expect(profile!.username).toBe("Returning Reader");
  });

  it("limits sign-in to 10 attempts per address, counted in auth_rate_limits", async () => {
    await signUp("target@example.com", "Target");
    const attacker = "10.0.0.1";
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await signIn("target@example.com", "wrong password", attacker)).status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    expect((await signIn("target@example.com", "wrong password", "10.0.0.2")).status).toBe(401);
    // The right password from the blocked address is refused too.
    expect((await signIn("target@example.com", PASSWORD, attacker)).status).toBe(429);

    const rows = await database.db
      .select({ key: authRateLimits.key, count: authRateLimits.count })
      .from(authRateLimits)
      .where(inArray(authRateLimits.key, ["10.0.0.1|/sign-in/email", "10.0.0.2|/sign-in/email"]))
      .orderBy(authRateLimits.key);
    expect(rows).toEqual([
      { key: "10.0.0.1|/sign-in/email", count: 10 },
      { key: "10.0.0.2|/sign-in/email", count: 1 },
    ]);

    // A second app server on the same database sees the same counters...
    const otherServer = buildAuth(database, recordingMailer());
    expect((await signInOn(otherServer, attacker)).status).toBe(429);
    // ...and they live only there: removing the row lifts the limit.
    await database.db
      .delete(authRateLimits)
      .where(eq(authRateLimits.key, "10.0.0.1|/sign-in/email"));
    expect((await signInOn(otherServer, attacker)).status).toBe(401);

    function signInOn(server: Auth, ip: string) {
      return post(
        server,
        "/sign-in/email",
        { email: "target@example.com", password: "wrong password" },
        ip,
      );
    }
  });

  it("answers a password reset request alike for known and unknown emails, mailing only the known", async () => {
    await signUp("forgetful@example.com", "Forgetful");
    await vi.waitFor(() => expect(mailsTo("forgetful@example.com")).toHaveLength(1));
    const sentBefore = mailer.sent.length;

    const redirectTo = `${APP_URL}/reset-password`;
    const unknown = await post(
      auth,
      "/request-password-reset",
      { email: "nobody@example.com", redirectTo },
      freshAddress(),
    );
    const known = await post(
      auth,
      "/request-password-reset",
      { email: "forgetful@example.com", redirectTo },
      freshAddress(),
    );
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());

    await vi.waitFor(() => expect(mailsTo("forgetful@example.com")).toHaveLength(2));
    expect(mailsTo("forgetful@example.com")[1]!.subject).toBe("Reset your password");
    expect(mailsTo("nobody@example.com")).toEqual([]);
    expect(mailer.sent.slice(sentBefore).map((mail) => mail.to)).toEqual(["forgetful@example.com"]);
  });

  it("deletes an account with its likes, lowering likes_total by exactly its active likes", async () => {
    await signUpConfirmed("leaving@example.com", "Leaving");
    expect((await signIn("leaving@example.com")).status).toBe(200);
    const leaving = await userByEmail("leaving@example.com");
    await database.db
      .insert(authUsers)
      .values({ id: "stayer", email: "stayer@example.com", emailVerified: true });
    await database.db
      .insert(tools)
      .values([
        createToolRow({ id: "del-both", likesTotal: 2 }),
        createToolRow({ id: "del-inactive", likesTotal: 1 }),
        createToolRow({ id: "del-only", likesTotal: 1 }),
        createToolRow({ id: "del-none", likesTotal: 0 }),
        createToolRow({ id: "del-other", likesTotal: 1 }),
      ]);
    await database.db.insert(toolLikes).values([
      { userId: leaving.id, toolId: "del-both", isActive: true },
      { userId: "stayer", toolId: "del-both", isActive: true },
      { userId: leaving.id, toolId: "del-inactive", isActive: false },
      { userId: "stayer", toolId: "del-inactive", isActive: true },
      { userId: leaving.id, toolId: "del-only", isActive: true },
      { userId: leaving.id, toolId: "del-none", isActive: false },
      { userId: "stayer", toolId: "del-other", isActive: true },
    ]);
    const rowsOf = async (table: typeof authSessions | typeof authAccounts) =>
      (
        await database.db.select({ total: count() }).from(table).where(eq(table.userId, leaving.id))
      )[0]?.total;
    expect(await rowsOf(authSessions)).toBe(1);
    expect(await rowsOf(authAccounts)).toBe(1);

    await deleteAccount(database.db, leaving.id);

    const totals = await database.db
      .select({ id: tools.id, likesTotal: tools.likesTotal })
      .from(tools)
      .where(sql`${tools.id} like 'del-%'`)
      .orderBy(tools.id);
    expect(totals).toEqual([
      { id: "del-both", likesTotal: 1 },
      { id: "del-inactive", likesTotal: 1 },
      { id: "del-none", likesTotal: 0 },
      { id: "del-only", likesTotal: 0 },
      { id: "del-other", likesTotal: 1 },
    ]);
    expect(
      await database.db.select().from(toolLikes).where(eq(toolLikes.userId, leaving.id)),
    ).toEqual([]);
    expect(await rowsOf(authSessions)).toBe(0);
    expect(await rowsOf(authAccounts)).toBe(0);
    expect(
      await database.db.select().from(userProfiles).where(eq(userProfiles.userId, leaving.id)),
    ).toEqual([]);
    expect(await database.db.select().from(authUsers).where(eq(authUsers.id, leaving.id))).toEqual(
      [],
    );

    const stayerLikes = await database.db
      .select({ toolId: toolLikes.toolId, isActive: toolLikes.isActive })
      .from(toolLikes)
      .where(eq(toolLikes.userId, "stayer"))
      .orderBy(toolLikes.toolId);
    expect(stayerLikes).toEqual([
      { toolId: "del-both", isActive: true },
      { toolId: "del-inactive", isActive: true },
      { toolId: "del-other", isActive: true },
    ]);

    const drift = await database.db
      .select({ id: tools.id })
      .from(tools)
      .where(
        sql`${tools.likesTotal} <> (SELECT count(*) FROM ${toolLikes} WHERE ${toolLikes.toolId} = ${tools.id} AND ${toolLikes.isActive})`,
      );
    expect(drift).toEqual([]);

    // The deleted person can no longer sign in.
    expect((await signIn("leaving@example.com")).status).toBe(401);
  });

  it("checks an account's password: ok, wrong, or none to check", async () => {
    await signUp("careful@example.com", "Careful");
    const careful = await userByEmail("careful@example.com");
    expect(await checkAccountPassword(database.db, careful.id, PASSWORD)).toBe("ok");
    expect(await checkAccountPassword(database.db, careful.id, "not the password")).toBe("wrong");
    expect(await checkAccountPassword(database.db, careful.id, "")).toBe("wrong");
    expect(await checkAccountPassword(database.db, careful.id, undefined)).toBe("wrong");

    await database.db
      .insert(authUsers)
      .values({ id: "google-only", email: "google.only@example.com", emailVerified: true });
    await database.db.insert(authAccounts).values({
      id: "google-only-account",
      accountId: "google-sub-1",
      providerId: "google",
      userId: "google-only",
    });
    expect(await checkAccountPassword(database.db, "google-only", undefined)).toBe("no-password");
    expect(await checkAccountPassword(database.db, "google-only", PASSWORD)).toBe("no-password");
    expect(await checkAccountPassword(database.db, "nobody", PASSWORD)).toBe("no-password");
  });

  it("deletes a person's own account only once confirmed: by password, or else the typed word", async () => {
    await signUp("confirming@example.com", "Confirming");
    const confirming = await userByEmail("confirming@example.com");
    await expect(
      deleteOwnAccount(database.db, confirming.id, { password: "not the password" }),
    ).rejects.toMatchObject({
      code: "INVALID",
      message: "Your password is needed to delete the account.",
      fields: { password: "That password is not right." },
    });
    // An account with a password is not deleted by typing the word instead.
    await expect(
      deleteOwnAccount(database.db, confirming.id, { confirm: "delete" }),
    ).rejects.toMatchObject({ fields: { password: "That password is not right." } });
    expect((await userByEmail("confirming@example.com")).id).toBe(confirming.id);
    await deleteOwnAccount(database.db, confirming.id, { password: PASSWORD });
    expect(
      await database.db.select().from(authUsers).where(eq(authUsers.id, confirming.id)),
    ).toEqual([]);

    await database.db
      .insert(authUsers)
      .values({ id: "google-leaving", email: "google.leaving@example.com", emailVerified: true });
    await expect(
      deleteOwnAccount(database.db, "google-leaving", { confirm: "remove" }),
    ).rejects.toMatchObject({
      code: "INVALID",
      message: "Confirm that the account should be deleted.",
      fields: { confirm: 'Type "delete" to confirm.' },
    });
    await deleteOwnAccount(database.db, "google-leaving", { confirm: "  Delete " });
    expect(
      await database.db.select().from(authUsers).where(eq(authUsers.id, "google-leaving")),
    ).toEqual([]);
  });

  it("grants and revokes the admin role by email", async () => {
    await signUp("promoted@example.com", "Promoted");
    const roleOf = async () => (await userByEmail("promoted@example.com")).role;

    expect(await setAdminRole(database.db, "  Promoted@Example.COM ", true)).toBe("granted");
    expect(await roleOf()).toBe("admin");
    expect(await setAdminRole(database.db, "promoted@example.com", false)).toBe("revoked");
    expect(await roleOf()).toBe("user");
    expect(await setAdminRole(database.db, "ghost@example.com", true)).toBe("no-such-user");
    const [ghosts] = await database.db
      .select({ total: count() })
      .from(authUsers)
      .where(eq(authUsers.email, "ghost@example.com"));
    expect(ghosts?.total).toBe(0);
  });

  it("reads isAdmin fresh on every request, only for a verified email", async () => {
    await signUpConfirmed("viewer@example.com", "Viewer");
    const signedIn = await signIn("viewer@example.com");
    const headers = new Headers({ cookie: cookieFrom(signedIn) });
    const byRole = createViewerReader(auth, database.db, []);
    const byList = createViewerReader(auth, database.db, ["viewer@example.com"]);
    const isAdmin = async (reader: typeof byRole) => (await reader(headers))?.viewer.isAdmin;
    const setVerified = (emailVerified: boolean) =>
      database.db
        .update(authUsers)
        .set({ emailVerified })
        .where(eq(authUsers.email, "viewer@example.com"));

    // A session of an account whose address is not verified: only one started before decision
    // 022 (an unverified account can no longer be signed in to), or one whose flag was cleared.
    await setVerified(false);
    const first = await byRole(headers);
    expect(first?.viewer).toMatchObject({
      email: "viewer@example.com",
      emailVerified: false,
      username: "Viewer",
      displayName: "Viewer",
      isAdmin: false,
    });
    expect(await isAdmin(byList)).toBe(false);

    expect(await setAdminRole(database.db, "viewer@example.com", true)).toBe("granted");
    expect(await isAdmin(byRole)).toBe(false);

    await setVerified(true);
    expect(await isAdmin(byRole)).toBe(true);

    expect(await setAdminRole(database.db, "viewer@example.com", false)).toBe("revoked");
    expect(await isAdmin(byRole)).toBe(false);
    // Listed, but the password was chosen at sign-up, not through a mailed reset link.
    expect(await isAdmin(byList)).toBe(false);
    await database.db
      .update(authUsers)
      .set({ passwordResetAt: new Date() })
      .where(eq(authUsers.email, "viewer@example.com"));
    expect(await isAdmin(byList)).toBe(true);

    await setVerified(false);
    expect(await isAdmin(byList)).toBe(false);

    expect(await byRole(new Headers())).toBeNull();
    expect(
      await byRole(new Headers({ cookie: "better-auth.session_token=forged.value" })),
    ).toBeNull();
  });
});
