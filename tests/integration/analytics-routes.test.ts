import http from "node:http";
import type { AddressInfo } from "node:net";
import { asc, sql } from "drizzle-orm";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ANALYTICS_KEY_HEADER,
  DEFAULT_ANALYTICS_CONFIG,
  MAX_EVENT_BATCH_BYTES,
} from "~/lib/analytics";
import { adminAnalyticsRoutes } from "#server/routes/admin-analytics.server";
import { EVENTS_RATE, eventRoutes } from "#server/routes/events.server";
import type { Application } from "#server/boot.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { analyticsEvents, errorGroups } from "#server/db/schema";
import { AppError } from "#server/core/errors.server";
import { handleErrors } from "#server/http/error-handler.server";
import { rejectMalformedRequests } from "#server/http/request-guard.server";
import { sameOriginWrites } from "#server/http/same-origin-writes.server";
import { createRateLimitServices } from "#server/rate-limit/rate-limit-services.server";
import { createAnalyticsServices } from "#server/services/analytics/analytics-services.server";
import { databaseKind, openTestDatabase } from "./test-database";

// POST /api/events, GET /api/events/config and GET /api/admin/analytics over HTTP, behind the
// request guard, with the real services on a real database.

const APP_URL = "http://localhost:3999";
const BROWSER =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15";
const viewerOf = (id: string, isAdmin: boolean) => ({
  id,
  email: `${id}@example.com`,
  emailVerified: true,
  username: id,
  displayName: null,
  photoUrl: null,
  isAdmin,
});
const VIEWERS = new Map([
  ["admin", viewerOf("admin", true)],
  ["member", viewerOf("member", false)],
]);

const pageView = { name: "page_view", path: "/ai-tools?ref=x&utm_source=news" };
const crash = {
  name: "app_exception",
  path: "/",
  error: {
    kind: "error",
    message: "boom",
    stack: "Error: boom\n    at f (https://x.example/a.js:1:2)",
  },
};

describe(`the analytics routes on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let server: http.Server;
  let base: string;
  let key: string;
  let clientNumber = 0;
  /** Each test sends from an address of its own, so that the rate limit is its own too. */
  let address: string;

  const storedEvents = () =>
    database.db.select().from(analyticsEvents).orderBy(asc(analyticsEvents.id));
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/events`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": BROWSER,
        "x-forwarded-for": address,
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    database = await openTestDatabase();
    const services = {
      ...createAnalyticsServices({
        db: database.db,
        secret: "a".repeat(32),
        gaMeasurementId: undefined,
        appUrl: APP_URL,
        isKnownTool: (id: string) => id === "t1",
        logger: pino({ level: "silent" }),
      }),
      ...createRateLimitServices({ db: database.db }),
    };
    key = services.getAnalyticsClientSettings().key;
    const app = {
      readSignedIn: async (headers: Headers) => {
        const viewer = VIEWERS.get(headers.get("cookie")?.replace("viewer=", "") ?? "");
        return viewer ? { viewer, sessionToken: "s" } : null;
      },
      services,
    } as unknown as Application;
    const routes = express();
    routes.set("trust proxy", "loopback");
    routes.use(rejectMalformedRequests(APP_URL));
    routes.use(sameOriginWrites(APP_URL));
    routes.use("/api/events", eventRoutes(app));
    routes.use("/api/admin", adminAnalyticsRoutes(app));
    routes.use(handleErrors(pino({ level: "silent" })));
    server = http.createServer(routes).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(async () => {
    address = `198.51.100.${++clientNumber}`;
    await database.db.execute(sql`truncate analytics_events, error_groups`);
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await database.close();
  });

  describe("POST /api/events", () => {
    it("answers 204 and stores the batch", async () => {
      const answer = await post({ consent: "granted", events: [pageView, crash] });
      expect(answer.status).toBe(204);
      const rows = await storedEvents();
      expect(rows.map((row) => [row.name, row.path, row.consented])).toEqual([
        ["page_view", "/ai-tools?utm_source=news", true],
        ["app_exception", "/", true],
      ]);
      expect(JSON.stringify(rows)).not.toContain(address);
    });

    it("accepts the text/plain body navigator.sendBeacon sends", async () => {
      const answer = await post(JSON.stringify({ consent: "denied", events: [crash] }), {
        "content-type": "text/plain;charset=UTF-8",
      });
      expect(answer.status).toBe(204);
      expect(await storedEvents()).toHaveLength(1);
    });

    it("stores the signed-in person from the session, never from the body", async () => {
      expect(
        (await post({ consent: "granted", events: [pageView] }, { cookie: "viewer=member" }))
          .status,
      ).toBe(204);
      expect((await storedEvents())[0]).toMatchObject({ userId: "member", isVerified: true });
      const forged = await post({ consent: "granted", userId: "admin", events: [pageView] });
      expect(forged.status).toBe(400);
    });

    it.each([
      [
        "an unknown event name",
        { consent: "granted", events: [pageView, { name: "purchase", path: "/" }] },
      ],
      [
        "more than 25 events",
        { consent: "granted", events: Array.from({ length: 26 }, () => pageView) },
      ],
      ["no events", { consent: "granted", events: [] }],
      [
        "a malformed field",
        { consent: "granted", events: [pageView, { name: "page_view", path: "ai-tools" }] },
      ],
      ["an unknown field", { consent: "granted", events: [{ ...pageView, ip: "1.2.3.4" }] }],
      ["an unknown consent", { consent: "maybe", events: [crash] }],
      ["a consented event in a denied batch", { consent: "denied", events: [crash, pageView] }],
      [
        "a NUL in a path",
        { consent: "granted", events: [{ name: "page_view", path: "/a\u0000b" }] },
      ],
      [
        "a control character in a search",
        {
          consent: "granted",
          events: [{ name: "detailed_page_view", path: "/ai-tools", search: "a\u0007b" }],
        },
      ],
      [
        "a NUL in a tool id",
        { consent: "granted", events: [{ name: "tool_view", path: "/t", toolId: "t\u0000" }] },
      ],
      [
        "a NUL in an error message",
        {
          consent: "denied",
          events: [{ ...crash, error: { ...crash.error, message: "a\u0000" } }],
        },
      ],
    ])("refuses %s with 400 and stores nothing of the batch", async (_what, batch) => {
      const answer = await post(batch);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({
        error: { code: "INVALID", message: expect.any(String) as string },
      });
      expect(await storedEvents()).toEqual([]);
      expect(await database.db.select().from(errorGroups)).toEqual([]);
    });

    it("takes error messages and stacks of several lines", async () => {
      const lines = { ...crash, error: { ...crash.error, message: "one\ntwo\tthree\r\n" } };
      expect((await post({ consent: "denied", events: [lines] })).status).toBe(204);
      expect(await storedEvents()).toHaveLength(1);
    });

    it("drops control characters a campaign parameter decodes to, and keeps the visit", async () => {
      const answer = await post({
        consent: "granted",
        events: [
          {
            name: "page_view",
            path: "/ai-tools?utm_source=%00x&utm_medium=%01&utm_campaign=nulcamp",
          },
        ],
      });
      expect(answer.status).toBe(204);
      const [row] = await storedEvents();
      expect(row).toMatchObject({
        path: "/ai-tools?utm_source=x&utm_campaign=nulcamp",
        utmSource: "x",
        utmMedium: null,
        utmCampaign: "nulcamp",
      });
    });

    it("stores paths, error groups and searches without emails or tokens", async () => {
      const path = "/u/jane.doe@corp.example/reset/0123456789abcdef0123456789abcdef";
      const error = { ...crash.error, message: "No mailbox user@localhost", stack: undefined };
      const answer = await post({
        consent: "granted",
        events: [
          { name: "page_view", path },
          { name: "app_exception", path, error },
          {
            name: "detailed_page_view",
            path: "/ai-tools",
            search: "Jane.Doe@corp.example",
            resultCount: 0,
          },
        ],
      });
      expect(answer.status).toBe(204);
      const rows = await storedEvents();
      expect(rows.map((row) => [row.path, row.search])).toEqual([
        ["/u/[email]/reset/[token]", null],
        ["/u/[email]/reset/[token]", null],
        ["/ai-tools", "[email]"],
      ]);
      const [group] = await database.db.select().from(errorGroups);
      expect(group).toMatchObject({
        message: "No mailbox [email]",
        lastPath: "/u/[email]/reset/[token]",
      });
      const today = new Date().toISOString().slice(0, 10);
      const report = await fetch(`${base}/api/admin/analytics?from=${today}&to=${today}`, {
        headers: { cookie: "viewer=admin" },
      });
      const shown = JSON.stringify(await report.json());
      expect(shown).not.toMatch(/jane|corp\.example|localhost|0123456789abcdef/i);
    });

    it("refuses text that is not JSON, an empty body and other media types", async () => {
      expect((await post("{consent", { "content-type": "text/plain" })).status).toBe(400);
      expect((await post("")).status).toBe(400);
      const form = await post("consent=granted", {
        "content-type": "application/x-www-form-urlencoded",
      });
      expect(form.status).toBe(415);
      expect(await storedEvents()).toEqual([]);
    });

    it(`refuses a body over ${MAX_EVENT_BATCH_BYTES / 1024} KB with 413`, async () => {
      const big = {
        consent: "denied",
        events: [{ ...crash, error: { ...crash.error, stack: "x".repeat(MAX_EVENT_BATCH_BYTES) } }],
      };
      const answer = await post(big);
      expect(answer.status).toBe(413);
      expect(await answer.json()).toMatchObject({ error: { code: "TOO_LARGE" } });
    });

    it("drops a GPC request's consented events silently", async () => {
      const answer = await post(
        { consent: "granted", events: [pageView, crash] },
        { "sec-gpc": "1", cookie: "viewer=member" },
      );
      expect(answer.status).toBe(204);
      const rows = await storedEvents();
      expect(rows.map((row) => [row.name, row.consented, row.visitorId, row.userId])).toEqual([
        ["app_exception", false, null, null],
      ]);
    });

    it("answers a bot 204 and stores nothing", async () => {
      const answer = await post(
        { consent: "granted", events: [pageView, crash] },
        { "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" },
      );
      expect(answer.status).toBe(204);
      expect(await storedEvents()).toEqual([]);
    });

    it("counts a request without a User-Agent as a bot", async () => {
      const body = JSON.stringify({ consent: "denied", events: [crash] });
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.request(`${base}/api/events`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            "x-forwarded-for": address,
          },
        });
        request.on("response", (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on("error", reject);
        request.end(body);
      });
      expect(status).toBe(204);
      expect(await storedEvents()).toEqual([]);
    });

    it(`refuses more than ${EVENTS_RATE.max} batches a minute from one client with 429 and Retry-After`, async () => {
      for (let i = 0; i < EVENTS_RATE.max; i++) {
        expect(
          (
            await post({
              consent: "denied",
              events: [{ name: "app_update", path: "/", version: "1" }],
            })
          ).status,
        ).toBe(204);
      }
      const refused = await post({
        consent: "denied",
        events: [{ name: "app_update", path: "/", version: "1" }],
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ error: { code: "RATE_LIMITED" } });
      expect(await storedEvents()).toHaveLength(EVENTS_RATE.max);
      const limitKeys = await database.db.execute(sql`select key from auth_rate_limits`);
      expect(JSON.stringify(limitKeys)).not.toContain(address);
      address = "198.51.100.250";
      expect((await post({ consent: "denied", events: [crash] })).status).toBe(204);
    });
  });

  describe("GET /api/events/config", () => {
    const getConfig = (headers: Record<string, string> = {}) =>
      fetch(`${base}/api/events/config`, { headers });

    it("answers the configuration to the analytics key, never cached", async () => {
      const answer = await getConfig({ [ANALYTICS_KEY_HEADER]: key });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(await answer.json()).toEqual(DEFAULT_ANALYTICS_CONFIG);
    });

    it("refuses a request without the key or with another with 401", async () => {
      const refused: Record<string, string>[] = [
        {},
        { [ANALYTICS_KEY_HEADER]: `${key}x` },
        { [ANALYTICS_KEY_HEADER]: "" },
      ];
      for (const headers of refused) {
        const answer = await getConfig(headers);
        expect(answer.status).toBe(401);
        expect(await answer.json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });
      }
    });
  });

  describe("GET /api/admin/analytics", () => {
    const getReport = (query: string, as?: string) =>
      fetch(`${base}/api/admin/analytics?${query}`, {
        headers: as ? { cookie: `viewer=${as}` } : {},
      });

    it("answers the report to an admin, ignoring other parameters", async () => {
      await post({ consent: "granted", events: [pageView] });
      const today = new Date().toISOString().slice(0, 10);
      const answer = await getReport(`from=${today}&to=${today}&extra=1`, "admin");
      expect(answer.status).toBe(200);
      const report = (await answer.json()) as {
        days: { day: string; pageViews: number; visitors: number }[];
      };
      expect(report.days).toEqual([
        expect.objectContaining({ day: today, pageViews: 1, visitors: 1 }),
      ]);
    });

    it("refuses people who are signed out (401) or not admins (403)", async () => {
      expect((await getReport("from=2026-01-01&to=2026-01-31")).status).toBe(401);
      expect((await getReport("from=2026-01-01&to=2026-01-31", "member")).status).toBe(403);
    });

    it.each([
      ["from=2026-02-30&to=2026-03-01", "from"],
      ["from=yesterday&to=2026-03-01", "from"],
      ["to=2026-03-01", "from"],
      ["from=2026-03-01", "to"],
      ["from=2026-03-02&to=2026-03-01", "from"],
      ["from=2024-01-01&to=2026-01-01", "to"],
      ["from=9999-12-31&to=9999-12-31", "to"],
      ["from=0001-01-01&to=0001-01-02", "from"],
      ["from=1999-12-31&to=2000-01-01", "from"],
    ])("refuses %s with 400 naming %s", async (query, field) => {
      const answer = await getReport(query, "admin");
      expect(answer.status).toBe(400);
      const body = (await answer.json()) as {
        error: { code: string; fields: Record<string, string> };
      };
      expect(body.error.code).toBe("INVALID");
      expect(Object.keys(body.error.fields)).toContain(field);
    });
  });
});

describe("server errors reach the error reports", () => {
  it("hands a bug answered 500 to the recorder, and no client's mistake", async () => {
    const recorded: [unknown, string][] = [];
    const bug = new Error("a bug");
    const app = express();
    app.get("/api/broken", () => {
      throw bug;
    });
    app.get("/api/refused", () => {
      throw new AppError("FORBIDDEN", "No.");
    });
    app.get("/api/unavailable", () => {
      throw new AppError("UNAVAILABLE", "Later.");
    });
    app.use(handleErrors(pino({ level: "silent" }), (error, path) => recorded.push([error, path])));
    const server = http.createServer(app).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${base}/api/broken?x=1`)).status).toBe(500);
      expect((await fetch(`${base}/api/refused`)).status).toBe(403);
      expect((await fetch(`${base}/api/unavailable`)).status).toBe(503);
      expect(recorded).toEqual([[bug, "/api/broken?x=1"]]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
