import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountRoutes } from "#server/routes/account.server";
import { enforceRateLimit } from "#server/http/enforce-rate-limit.server";
import type { Application } from "#server/boot.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { AppError } from "#server/core/errors.server";
import { handleErrors } from "#server/http/error-handler.server";
import { createRateLimitServices } from "#server/rate-limit/rate-limit-services.server";
import { openTestDatabase } from "./test-database";

// POST /api/account/delete behind its real rate limit (counted in the database) and the real
// error handler; the deletion itself always refuses the password, as a guesser would meet it.

const VIEWER = {
  id: "guesser-1",
  email: "guesser@example.com",
  isAdmin: false,
  emailVerified: true,
};

let database: DatabaseHandle;
let app: Application;
let server: http.Server;
let base: string;

beforeAll(async () => {
  database = await openTestDatabase();
  app = {
    readSignedIn: async () => ({ viewer: VIEWER, sessionToken: "s" }),
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
  server = http.createServer(routes).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await database.close();
});

function tryDeleting() {
  return fetch(`${base}/api/account/delete`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password: "a guess" }),
  });
}

describe("account deletion's rate limit", () => {
  it("after 5 tries says how many minutes to wait, matching Retry-After", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) statuses.push((await tryDeleting()).status);
    expect(statuses.every((status) => status !== 429)).toBe(true);

    const refused = await tryDeleting();
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await refused.json()).toEqual({
      error: { code: "RATE_LIMITED", message: "Too many attempts. Try again in 15 minutes." },
    });
  });
});

describe("a rule of a minute at most (likes, views)", () => {
  it("says 'in a moment', even when the refusal comes at the start of the window", async () => {
    const rule = { window: 60, max: 1 };
    const headers = new Map<string, string>();
    const res = { setHeader: (name: string, value: string) => headers.set(name, value) };
    const step = () =>
      enforceRateLimit(app, res as unknown as express.Response, "likes:burst", rule);
    await step();
    await expect(step()).rejects.toThrow("Too many requests. Please try again in a moment.");
    expect(headers.get("Retry-After")).toBe("60");
  });
});
