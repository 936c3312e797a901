import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { accountRoutes } from "#server/routes/account.server";
import type { Auth } from "#server/auth/auth.server";
import type { Application } from "#server/boot.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { authUsers } from "#server/db/schema";
import { AppError } from "#server/core/errors.server";
import { handleErrors } from "#server/http/error-handler.server";
import { createRateLimitServices } from "#server/rate-limit/rate-limit-services.server";
import { buildTestAuth } from "./test-auth";
import { databaseKind, openTestDatabase } from "./test-database";

// Password guessing with a stolen session: every endpoint that checks the signed-in person's
// password shares one budget per account and one per network, 10 checks per 5 minutes, like
// sign-in. Better Auth and our own delete route, on a real database.

const APP_URL = "http://localhost:3000";
const PASSWORD = "correct horse battery";
const WRONG = "not the password at all";

describe(`password checks with a session on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let auth: Auth;
  let people = 0;

  const call = (path: string, body: unknown, cookie: string, ip: string) =>
    auth.handler(
      new Request(`${APP_URL}/api/auth${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: APP_URL, "x-client-ip": ip, cookie },
        body: JSON.stringify(body),
      }),
    );

  /** A verified account, signed in: its id and session cookie. */
  async function signedInAccount(): Promise<{ id: string; cookie: string }> {
    people += 1;
    const account = { email: `guessed-${people}@example.com`, password: PASSWORD };
    const ip = `10.9.${people}.1`;
    await call("/sign-up/email", { ...account, name: "" }, "", ip);
    const [user] = await database.db
      .update(authUsers)
      .set({ emailVerified: true })
      .where(eq(authUsers.email, account.email))
      .returning({ id: authUsers.id });
    const signedIn = await call("/sign-in/email", account, "", ip);
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    return { id: user!.id, cookie };
  }

  const guess = (cookie: string, ip: string) =>
    call("/verify-password", { password: WRONG }, cookie, ip);

  beforeAll(async () => {
    database = await openTestDatabase();
    auth = buildTestAuth(database);
  });
  afterAll(() => database.close());
  afterEach(() => vi.useRealTimers());

  it("refuses the 11th of 30 wrong guesses at verify-password with 429, Retry-After and a message", async () => {
    const victim = await signedInAccount();
    const statuses: number[] = [];
    let refused: Response | null = null;
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const answer = await guess(victim.cookie, "198.51.100.7");
      statuses.push(answer.status);
      if (answer.status === 429) refused ??= answer;
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    const retryAfter = Number(refused!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(4 * 60);
    expect(retryAfter).toBeLessThanOrEqual(5 * 60);
    expect(await refused!.json()).toMatchObject({
      message: "Too many password attempts. Try again in 5 minutes.",
    });
  });

  it("keeps refusing the account's guesses from a fresh address, but not the right password of another account", async () => {
    const victim = await signedInAccount();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await guess(victim.cookie, `203.0.113.${attempt + 1}`)).status).toBe(400);
    }
    expect((await guess(victim.cookie, "192.0.2.200")).status).toBe(429);
    expect((await guess(victim.cookie, "2001:db8:77::1")).status).toBe(429);

    const bystander = await signedInAccount();
    const answer = await call(
      "/verify-password",
      { password: PASSWORD },
      bystander.cookie,
      "192.0.2.201",
    );
    expect(answer.status).toBe(200);
  });

  it("counts a network across accounts: IPv6 addresses of one /64 share 10 checks", async () => {
    const first = await signedInAccount();
    const second = await signedInAccount();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await guess(first.cookie, `2001:db8:5:5::${attempt + 1}`)).status).toBe(400);
      expect((await guess(second.cookie, `2001:db8:5:5::a${attempt}`)).status).toBe(400);
    }
    const third = await signedInAccount();
    expect((await guess(third.cookie, "2001:db8:5:5:ffff::9")).status).toBe(429);
    expect((await guess(third.cookie, "2001:db8:5:6::1")).status).toBe(400);
  });

  it("shares the budget with change-password, whose refusal comes before the password is read", async () => {
    const victim = await signedInAccount();
    for (let attempt = 0; attempt < 10; attempt += 1) await guess(victim.cookie, "198.51.100.30");
    const change = await call(
      "/change-password",
      { currentPassword: PASSWORD, newPassword: "another long passphrase 42" },
      victim.cookie,
      "198.51.100.31",
    );
    expect(change.status).toBe(429);
    expect(Number(change.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("shares the budget with account deletion (POST /api/account/delete)", async () => {
    const victim = await signedInAccount();
    for (let attempt = 0; attempt < 10; attempt += 1) await guess(victim.cookie, "198.51.100.40");

    const app = {
      readSignedIn: async () => ({
        viewer: { id: victim.id, email: "x@example.com", isAdmin: false, emailVerified: true },
        sessionToken: "s",
      }),
      services: {
        ...createRateLimitServices({ db: database.db }),
        deleteAccount: async () => {
          throw new AppError("INVALID", "The password is not right.");
        },
      },
    } as unknown as Application;
    const routes = express();
    routes.use("/api/account", accountRoutes(app));
    routes.use(handleErrors(pino({ level: "silent" })));
    const server = http.createServer(routes).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const answer = await fetch(`http://127.0.0.1:${port}/api/account/delete`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ password: WRONG }),
      });
      expect(answer.status).toBe(429);
      expect(Number(answer.headers.get("retry-after"))).toBeLessThanOrEqual(5 * 60);
      expect(await answer.json()).toEqual({
        error: {
          code: "RATE_LIMITED",
          message: "Too many password attempts. Try again in 5 minutes.",
        },
      });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("lets the account check its password again once 5 minutes have passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const victim = await signedInAccount();
    for (let attempt = 0; attempt < 10; attempt += 1) await guess(victim.cookie, "198.51.100.50");
    expect((await guess(victim.cookie, "198.51.100.50")).status).toBe(429);
    vi.setSystemTime(Date.now() + 5 * 60_000);
    expect((await guess(victim.cookie, "198.51.100.50")).status).toBe(400);
  });
});
