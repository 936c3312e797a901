import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, inArray, like, sql } from "drizzle-orm";
import express, { type ErrorRequestHandler } from "express";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { toolRoutes, VIEW_RATE } from "#server/routes/tools.server";
import type { Application } from "#server/boot.server";
import type { Database, DatabaseHandle } from "#server/db/client.server";
import { AppError } from "#server/core/errors.server";
import { authRateLimits, tools } from "#server/db/schema";
import { LIVE_CHANNEL, parseLiveEvent, type LiveEvent } from "#server/live/live-events.server";
import {
  consumeRateLimit,
  consumeRateLimitAnd,
  type RateRule,
} from "#server/rate-limit/consume-rate-limit.server";
import { queryRows } from "#server/db/query-rows.server";
import { ViewCounter } from "#server/services/tools/view-counter.server";
import { createToolRow } from "../factories";
import { databaseKind, openTestDatabase } from "./test-database";

type ViewsEvent = Extract<LiveEvent, { type: "views" }>;

const silent = pino({ level: "silent" });
const MANY_TOOLS = 130;
const manyId = (n: number) => `views-many-${String(n).padStart(3, "0")}`;

describe(`views and rate limits on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let stopListening: () => Promise<void>;
  const viewsEvents: ViewsEvent[] = [];
  const otherPayloads: string[] = [];

  const viewsOf = async (...ids: string[]) => {
    const rows = await database.db
      .select({ id: tools.id, views: tools.views })
      .from(tools)
      .where(inArray(tools.id, ids));
    return Object.fromEntries(rows.map((row) => [row.id, row.views]));
  };
  /** Waits (up to 3 s) until `count` views events have been heard, and returns them. */
  const waitForViewsEvents = (count: number) =>
    vi.waitFor(
      () => {
        if (viewsEvents.length < count) throw new Error(`${viewsEvents.length} of ${count}`);
        return viewsEvents.slice(0, count);
      },
      { timeout: 3000, interval: 10 },
    );
  /**
   * A flush that really writes, on a tool of its own, waited for: notifications arrive in commit
   * order, so any views event sent before it has arrived by then.
   */
  let sentinelViews = 0;
  const sentinel = async () => {
    const heard = viewsEvents.length;
    const counter = new ViewCounter(database.db, silent);
    counter.add("views-sentinel");
    await counter.flush();
    sentinelViews++;
    await vi.waitFor(
      () => expect(viewsEvents.at(-1)?.counts).toEqual([["views-sentinel", sentinelViews]]),
      { timeout: 3000, interval: 10 },
    );
    // Nothing but the sentinel's own event arrived.
    expect(viewsEvents).toHaveLength(heard + 1);
    viewsEvents.pop();
  };
  /** Counts the transactions begun on the database while `run` runs. */
  const transactionsDuring = async (run: () => Promise<void>) => {
    const spy = vi.spyOn(database.db, "transaction");
    try {
      await run();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db
      .insert(tools)
      .values([
        createToolRow({ id: "views-a", slug: "views-a", views: 10 }),
        createToolRow({ id: "views-b", slug: "views-b" }),
        createToolRow({ id: "views-c", slug: "views-c", views: 1000 }),
        createToolRow({ id: "views-off", slug: "views-off", status: "offline", views: 7 }),
        createToolRow({ id: "views-draft", slug: "views-draft", status: "draft" }),
        createToolRow({ id: "views-stop", slug: "views-stop" }),
        createToolRow({ id: "views-retry", slug: "views-retry" }),
        createToolRow({ id: "views-sentinel", slug: "views-sentinel" }),
        ...Array.from({ length: MANY_TOOLS }, (_, index) =>
          createToolRow({ id: manyId(index + 1), slug: manyId(index + 1) }),
        ),
      ]);
    stopListening = await database.listen(LIVE_CHANNEL, (payload) => {
      const event = parseLiveEvent(payload);
      if (event?.type === "views") viewsEvents.push(event);
      else otherPayloads.push(payload);
    });
  });
  afterAll(async () => {
    await stopListening?.();
    await database?.close();
  });
  afterEach(async () => {
    await sentinel();
    viewsEvents.length = 0;
    expect(otherPayloads).toEqual([]);
  });

  describe("ViewCounter", () => {
    it("writes nothing until flushed, then the exact sums of online tools in one go", async () => {
      const counter = new ViewCounter(database.db, silent);
      const adds: [string, number][] = [
        ["views-a", 37],
        ["views-b", 5],
        ["views-c", 1],
        ["views-off", 4],
        ["views-draft", 2],
        ["no-such-tool", 3],
      ];
      const writes = vi.spyOn(database.db, "transaction");
      vi.useFakeTimers({ toFake: ["setTimeout", "setInterval"] });
      try {
        for (let round = 0; round < 40; round++) {
          for (const [id, times] of adds) if (round < times) counter.add(id);
        }
        // Far past the 2 s batch of a started counter: one never started has no timer to write.
        await vi.advanceTimersByTimeAsync(60_000);
        expect(writes).not.toHaveBeenCalled();
      } finally {
        vi.useRealTimers();
        writes.mockRestore();
      }
      const ids = ["views-a", "views-b", "views-c", "views-off", "views-draft"];
      const before = { "views-a": 10, "views-b": 0, "views-c": 1000, "views-off": 7 };
      expect(await viewsOf(...ids)).toEqual({ ...before, "views-draft": 0 });
      expect(viewsEvents).toEqual([]);

      expect(await transactionsDuring(() => counter.flush())).toBe(1);

      expect(await viewsOf(...ids)).toEqual({
        "views-a": 47,
        "views-b": 5,
        "views-c": 1001,
        "views-off": 7,
        "views-draft": 0,
      });
      const [event] = await waitForViewsEvents(1);
      expect(Number.isInteger(event!.id)).toBe(true);
      expect([...event!.counts].sort(([a], [b]) => a.localeCompare(b))).toEqual([
        ["views-a", 47],
        ["views-b", 5],
        ["views-c", 1001],
      ]);
      await sentinel();
      expect(viewsEvents).toHaveLength(1);
    });

    it("writes and says nothing when a flush finds nothing new", async () => {
      const counter = new ViewCounter(database.db, silent);
      counter.add("views-b");
      await counter.flush();
      await waitForViewsEvents(1);
      const before = await viewsOf("views-b");

      expect(await transactionsDuring(() => counter.flush())).toBe(0);
      expect(await transactionsDuring(() => counter.flush())).toBe(0);
      expect(await viewsOf("views-b")).toEqual(before);
      await sentinel();
      expect(viewsEvents).toHaveLength(1);
    });

    it("adds up views counted while a flush is running and never overlaps flushes", async () => {
      const counter = new ViewCounter(database.db, silent);
      const before = (await viewsOf("views-c"))["views-c"]!;
      const writes = vi.spyOn(database.db, "transaction");
      counter.add("views-c");
      const first = counter.flush();
      // The first write has taken its batch once its transaction has begun.
      await vi.waitFor(() => expect(writes).toHaveBeenCalledTimes(1), { interval: 1 });
      counter.add("views-c");
      counter.add("views-c");
      const second = counter.flush();
      await Promise.all([first, second]);
      writes.mockRestore();
      expect(await viewsOf("views-c")).toEqual({ "views-c": before + 3 });
      const events = await waitForViewsEvents(2);
      expect(events.map((event) => event.counts)).toEqual([
        [["views-c", before + 1]],
        [["views-c", before + 3]],
      ]);
      expect(events[1]!.id).toBeGreaterThan(events[0]!.id);
    });

    it("flushes on stop", async () => {
      const counter = new ViewCounter(database.db, silent);
      counter.start();
      counter.add("views-stop");
      counter.add("views-stop");
      counter.add("views-stop");
      expect(await viewsOf("views-stop")).toEqual({ "views-stop": 0 });
      await counter.stop();
      expect(await viewsOf("views-stop")).toEqual({ "views-stop": 3 });
      const [event] = await waitForViewsEvents(1);
      expect(event!.counts).toEqual([["views-stop", 3]]);
      // Stopped: nothing is pending, and a second stop writes nothing.
      expect(await transactionsDuring(() => counter.stop())).toBe(0);
    });

    it("keeps the views of a failed write for the next flush", async () => {
      let failures = 1;
      const flaky = new Proxy(database.db, {
        get(target, property) {
          if (property === "transaction" && failures > 0) {
            failures--;
            return () => Promise.reject(new Error("connection lost"));
          }
          return Reflect.get(target, property) as unknown;
        },
      }) as Database;
      const errors: unknown[] = [];
      const logger = pino({ level: "error" }, { write: (line: string) => errors.push(line) });
      const counter = new ViewCounter(flaky, logger);
      counter.add("views-retry");
      counter.add("views-retry");
      await counter.flush();
      expect(await viewsOf("views-retry")).toEqual({ "views-retry": 0 });
      expect(errors).toHaveLength(1);
      expect(String(errors[0])).toContain("writing views failed");

      counter.add("views-retry");
      await counter.flush();
      expect(await viewsOf("views-retry")).toEqual({ "views-retry": 3 });
      const [event] = await waitForViewsEvents(1);
      expect(event!.counts).toEqual([["views-retry", 3]]);
    });

    it("splits a large batch into events that each fit in one NOTIFY", async () => {
      const counter = new ViewCounter(database.db, silent);
      for (let n = 1; n <= MANY_TOOLS; n++)
        for (let time = 0; time < n; time++) counter.add(manyId(n));
      await counter.flush();

      const rows = await database.db
        .select({ id: tools.id, views: tools.views })
        .from(tools)
        .where(like(tools.id, "views-many-%"))
        .orderBy(tools.id);
      expect(rows).toEqual(
        Array.from({ length: MANY_TOOLS }, (_, index) => ({
          id: manyId(index + 1),
          views: index + 1,
        })),
      );
      // Every count arrives, in events that each fit in one NOTIFY (8,000 bytes).
      await vi.waitFor(
        () => {
          const heardSoFar = viewsEvents.reduce((sum, event) => sum + event.counts.length, 0);
          if (heardSoFar < MANY_TOOLS) throw new Error(`${heardSoFar} of ${MANY_TOOLS}`);
        },
        { timeout: 3000, interval: 10 },
      );
      const events = [...viewsEvents];
      for (const event of events) expect(JSON.stringify(event).length).toBeLessThan(8000);
      const heard = events.flatMap((event) => event.counts).sort(([a], [b]) => a.localeCompare(b));
      expect(heard).toEqual(rows.map((row) => [row.id, row.views]));
    });
  });

  describe("consumeRateLimit", () => {
    const rule = { window: 60, max: 3 };
    const T = 1_700_000_000_000;
    const rowOf = async (key: string) =>
      (
        await database.db
          .select({ count: authRateLimits.count, lastRequest: authRateLimits.lastRequest })
          .from(authRateLimits)
          .where(eq(authRateLimits.key, key))
      )[0];

    it("refuses the call after max within the window, and allows again after it", async () => {
      const key = "likes:limit-window";
      const consume = (at: number) => consumeRateLimit(database.db, key, rule, at);
      expect((await consume(T)).allowed).toBe(true);
      expect((await consume(T + 1000)).allowed).toBe(true);
      expect((await consume(T + 2000)).allowed).toBe(true);
      const refused = await consume(T + 3000);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfter).toBeLessThanOrEqual(60);
      expect(refused.retryAfter).toBe(57);
      expect(await rowOf(key)).toEqual({ count: 4, lastRequest: T });
      // The window counts from its first call: later calls neither extend it nor get let in.
      expect(await consume(T + 59_999)).toEqual({ allowed: false, retryAfter: 1 });

      const again = await consume(T + 61_000);
      expect(again.allowed).toBe(true);
      expect(await rowOf(key)).toEqual({ count: 1, lastRequest: T + 61_000 });
      expect((await consume(T + 62_000)).allowed).toBe(true);
      expect((await consume(T + 63_000)).allowed).toBe(true);
      expect(await consume(T + 64_000)).toEqual({ allowed: false, retryAfter: 57 });
    });

    it("keeps different keys apart", async () => {
      for (let call = 0; call < 4; call++) {
        await consumeRateLimit(database.db, "likes:limit-first", rule, T + call);
      }
      expect((await consumeRateLimit(database.db, "likes:limit-first", rule, T + 10)).allowed).toBe(
        false,
      );
      expect(await consumeRateLimit(database.db, "likes:limit-second", rule, T + 10)).toEqual({
        allowed: true,
        retryAfter: 60,
      });
      expect((await consumeRateLimit(database.db, "views:limit-first", rule, T + 10)).allowed).toBe(
        true,
      );
      expect(await rowOf("likes:limit-first")).toEqual({ count: 5, lastRequest: T });
      expect(await rowOf("likes:limit-second")).toEqual({ count: 1, lastRequest: T + 10 });
    });

    it("allows exactly max of 50 concurrent calls on a key already in use", async () => {
      const key = "likes:limit-busy";
      await consumeRateLimit(database.db, key, rule, T);
      const decisions = await Promise.all(
        Array.from({ length: 50 }, () => consumeRateLimit(database.db, key, rule, T + 500)),
      );
      expect(decisions.filter((decision) => decision.allowed)).toHaveLength(rule.max - 1);
      expect(await rowOf(key)).toEqual({ count: 51, lastRequest: T });
    });

    it("allows exactly max of 50 concurrent first calls on a new key (100 keys)", async () => {
      for (let round = 1; round <= 100; round++) {
        const key = `likes:limit-new-${round}`;
        const settled = await Promise.allSettled(
          Array.from({ length: 50 }, () => consumeRateLimit(database.db, key, rule, T)),
        );
        const errors = settled.flatMap((result) =>
          result.status === "rejected"
            ? [String((result.reason as { cause?: unknown }).cause ?? result.reason)]
            : [],
        );
        expect({ key, errors: [...new Set(errors)] }).toEqual({ key, errors: [] });
        const decisions = settled.map(
          (result) => (result as PromiseFulfilledResult<{ allowed: boolean }>).value,
        );
        expect(decisions.filter((decision) => decision.allowed)).toHaveLength(rule.max);
        expect(await rowOf(key)).toEqual({ count: 50, lastRequest: T });
      }
    });

    it("runs a guarded value in the step's statement only when allowed: max of 50 concurrent first calls (20 keys)", async () => {
      // A sequence shows how often the guarded value ran, whichever calls it was for.
      await database.db.execute(sql`create sequence guarded_runs`);
      const runs = async () =>
        Number(
          (
            await queryRows<{ n: string }>(
              database.db,
              sql`select last_value as n from guarded_runs`,
            )
          )[0]!.n,
        );
      for (let round = 1; round <= 20; round++) {
        const results = await Promise.all(
          Array.from({ length: 50 }, () =>
            consumeRateLimitAnd<string>(
              database.db,
              `likes:guarded-${round}`,
              rule,
              sql`select nextval('guarded_runs')`,
              T,
            ),
          ),
        );
        const allowed = results.filter((result) => result.decision.allowed);
        expect(allowed).toHaveLength(rule.max);
        expect(allowed.every((result) => result.value !== null)).toBe(true);
        expect(results.filter((result) => result.value !== null)).toHaveLength(rule.max);
        expect(await rowOf(`likes:guarded-${round}`)).toEqual({ count: 50, lastRequest: T });
        expect(await runs()).toBe(round * rule.max);
      }
    });
  });

  describe("POST /api/tools/:id/views", () => {
    let server: http.Server;
    let base: string;
    beforeAll(async () => {
      const app = {
        services: {
          limitRate: (key: string, rule: RateRule) => consumeRateLimit(database.db, key, rule),
          recordView: () => true,
        },
      } as unknown as Application;
      const errors: ErrorRequestHandler = (error, _req, res, _next) => {
        if (error instanceof AppError) res.status(error.status).json(error.toJSON());
        else res.status(500).json({ error: { code: "INTERNAL", message: String(error) } });
      };
      // As behind a proxy on this machine, which names the client in X-Forwarded-For.
      const routes = express()
        .set("trust proxy", "loopback")
        .use("/api/tools", toolRoutes(app), errors);
      server = http.createServer(routes).listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/tools`;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));
    const view = (client: string) =>
      fetch(`${base}/views-a/views`, { method: "POST", headers: { "x-forwarded-for": client } });
    const countOf = async (key: string) =>
      (
        await database.db
          .select({ count: authRateLimits.count })
          .from(authRateLimits)
          .where(eq(authRateLimits.key, key))
      )[0]?.count;

    it("counts every IPv6 address of one /64 as one client", async () => {
      for (let n = 0; n < VIEW_RATE.max; n++) {
        expect((await view(`2001:db8:77:1:${n.toString(16)}::1`)).status).toBe(204);
      }
      const refused = await view("2001:db8:77:1:abcd:ef01:2345:6789");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await view("2001:db8:77:2::1")).status).toBe(204);
      expect(await countOf("views:2001:db8:77:1::/64")).toBe(VIEW_RATE.max + 1);
    });

    it("counts an IPv4-mapped address as its IPv4 address", async () => {
      expect((await view("::ffff:198.51.100.4")).status).toBe(204);
      expect((await view("198.51.100.4")).status).toBe(204);
      expect(await countOf("views:198.51.100.4")).toBe(2);
    });
  });
});
