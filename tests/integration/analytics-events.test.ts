import { asc, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventBatch } from "~/lib/analytics";
import type { DatabaseHandle } from "#server/db/client.server";
import { analyticsEvents, analyticsSalts, authRateLimits, errorGroups } from "#server/db/schema";
import { createServerErrorRecorder } from "#server/services/analytics/record-server-error.server";
import {
  ERROR_REPORTS_PER_CLIENT,
  recordEvents,
  type EventClient,
  type RecordEventsDeps,
} from "#server/services/analytics/record-events.server";
import { createSaltKeeper, daySaltOf } from "#server/services/analytics/visitor-ids.server";
import { OncePerWindow, PerMinuteBudget } from "#server/services/count-once.server";
import { databaseKind, openTestDatabase } from "./test-database";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const client = (overrides: Partial<EventClient> = {}): EventClient => ({
  address: "203.0.113.7",
  userAgent: BROWSER,
  hasGpc: false,
  user: { id: "person-1", emailVerified: true },
  ...overrides,
});
const NOON = new Date("2026-03-10T12:00:00Z");

const pageView = (
  path = "/ai-tools?search=x&utm_source=news#top",
): EventBatch["events"][number] => ({
  name: "page_view",
  path,
  referrer: "https://Search.Example.com/results?q=secret",
});
const crash = (message = "x is undefined"): EventBatch["events"][number] => ({
  name: "app_exception",
  path: "/tools?token=abc",
  error: {
    kind: "error",
    message,
    stack: `TypeError: ${message}\n    at ToolCard (https://tools.example.org/assets/card.js?v=1:14:27)`,
  },
});

describe(`recordEvents on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let deps: RecordEventsDeps;

  const storedEvents = () =>
    database.db.select().from(analyticsEvents).orderBy(asc(analyticsEvents.id));

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  beforeEach(async () => {
    await database.db.execute(
      sql`truncate analytics_events, error_groups, analytics_salts, auth_rate_limits`,
    );
    deps = {
      db: database.db,
      appHostname: "tools.example.org",
      saltOf: (now) => daySaltOf(database.db, now),
      isKnownTool: () => true,
      budget: new PerMinuteBudget(600, 1000),
      seenToolViews: new OncePerWindow(30 * 60_000, 1000),
    };
  });
  afterAll(async () => {
    await database.close();
  });

  it("stores a consented event with the day's visitor id and the person's properties", async () => {
    const answer = await recordEvents(
      deps,
      { consent: "granted", events: [pageView(), { name: "tool_view", path: "/t", toolId: "t1" }] },
      client(),
      NOON,
    );
    expect(answer).toMatchObject({ stored: 2 });
    const [view, toolView] = await storedEvents();
    expect(view).toMatchObject({
      name: "page_view",
      category: "navigation",
      consented: true,
      userId: "person-1",
      isVerified: true,
      path: "/ai-tools?utm_source=news",
      utmSource: "news",
      referrerHost: "search.example.com",
    });
    expect(view!.visitorId).toMatch(/^[0-9a-f]{32}$/);
    expect(toolView).toMatchObject({ name: "tool_view", category: "content", toolId: "t1" });
    expect(toolView!.visitorId).toBe(view!.visitorId);
  });

  it("stores no address anywhere", async () => {
    await recordEvents(deps, { consent: "granted", events: [pageView()] }, client(), NOON);
    const rows = await database.db.execute(sql`select * from analytics_events`);
    expect(JSON.stringify(rows)).not.toContain("203.0.113");
  });

  it("gives one browser one id a day and another the next day", async () => {
    const idOn = async (now: Date, who = client()) => {
      await recordEvents(deps, { consent: "granted", events: [pageView()] }, who, now);
      return (await storedEvents()).at(-1)!.visitorId;
    };
    const first = await idOn(NOON);
    expect(await idOn(new Date("2026-03-10T23:59:00Z"))).toBe(first);
    expect(await idOn(NOON, client({ address: "198.51.100.1" }))).not.toBe(first);
    expect(await idOn(NOON, client({ userAgent: `${BROWSER} Edg/130` }))).not.toBe(first);
    expect(await idOn(new Date("2026-03-11T00:01:00Z"))).not.toBe(first);
  });

  it("stores a signed-out person's consented events without user properties", async () => {
    await recordEvents(
      deps,
      { consent: "granted", events: [pageView()] },
      client({ user: null }),
      NOON,
    );
    const [view] = await storedEvents();
    expect(view).toMatchObject({ consented: true, userId: null, isVerified: null });
    expect(view!.visitorId).not.toBeNull();
  });

  it("stores always-tracked events of a denied batch anonymously", async () => {
    const answer = await recordEvents(
      deps,
      { consent: "denied", events: [crash(), { name: "app_update", path: "/", version: "2.0" }] },
      client(),
      NOON,
    );
    expect(answer).toMatchObject({ stored: 2 });
    for (const row of await storedEvents()) {
      expect(row).toMatchObject({
        consented: false,
        visitorId: null,
        userId: null,
        isVerified: null,
      });
    }
  });

  it("drops consented events of a GPC request and keeps its error reports anonymous", async () => {
    const answer = await recordEvents(
      deps,
      { consent: "granted", events: [pageView(), crash()] },
      client({ hasGpc: true }),
      NOON,
    );
    expect(answer).toMatchObject({ stored: 1 });
    const rows = await storedEvents();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "app_exception",
      consented: false,
      visitorId: null,
      userId: null,
    });
  });

  it.each([
    ["a bot", "Googlebot/2.1 (+http://www.google.com/bot.html)"],
    ["a client without a user agent", null],
  ])("stores nothing from %s", async (_who, userAgent) => {
    expect(
      await recordEvents(
        deps,
        { consent: "granted", events: [pageView(), crash()] },
        client({ userAgent }),
        NOON,
      ),
    ).toMatchObject({ stored: 0 });
    expect(await storedEvents()).toEqual([]);
    expect(await database.db.select().from(errorGroups)).toEqual([]);
  });

  it("groups the same error, scrubbed, with its count, path and sample stack", async () => {
    await recordEvents(
      deps,
      {
        consent: "denied",
        events: [crash("No user ann@example.com"), crash("No user bob@example.com")],
      },
      client(),
      NOON,
    );
    await recordEvents(
      deps,
      { consent: "denied", events: [crash("other")] },
      client(),
      new Date("2026-03-10T13:00:00Z"),
    );
    const groups = await database.db.select().from(errorGroups).orderBy(asc(errorGroups.count));
    expect(groups).toHaveLength(2);
    expect(groups[1]).toMatchObject({
      name: "app_exception",
      source: "browser",
      message: "No user [email]",
      topFrame: "ToolCard (/assets/card.js:14:27)",
      count: 2,
      lastPath: "/tools",
    });
    expect(groups[1]!.sampleStack).not.toContain("@example.com");
    const rows = await storedEvents();
    expect(rows.map((row) => row.errorGroup)).toEqual([
      groups[1]!.fingerprint,
      groups[1]!.fingerprint,
      groups[0]!.fingerprint,
    ]);
    expect(rows.every((row) => row.category === "error" && row.path === "/tools")).toBe(true);
  });

  it(`stores at most ${ERROR_REPORTS_PER_CLIENT.max} error reports per client an hour`, async () => {
    const batch: EventBatch = {
      consent: "denied",
      events: Array.from({ length: 15 }, () => crash()),
    };
    expect((await recordEvents(deps, batch, client(), NOON)).stored).toBe(15);
    expect((await recordEvents(deps, batch, client(), NOON)).stored).toBe(5);
    expect(
      (await recordEvents(deps, batch, client({ address: "198.51.100.9" }), NOON)).stored,
    ).toBe(15);
    const later = new Date(NOON.getTime() + 3_601_000);
    expect((await recordEvents(deps, batch, client(), later)).stored).toBe(15);
    const [group] = await database.db.select().from(errorGroups);
    expect(group!.count).toBe(50);
    const keys = await database.db.select({ key: authRateLimits.key }).from(authRateLimits);
    expect(keys).toHaveLength(2);
    expect(JSON.stringify(keys)).not.toMatch(/203\.0\.113|198\.51\.100/);
  });

  it("stores nothing of a batch whose write fails", async () => {
    const failing = {
      ...deps,
      db: new Proxy(database.db, {
        get(target, property) {
          if (property !== "transaction") return Reflect.get(target, property) as unknown;
          return (run: Parameters<typeof target.transaction>[0]) =>
            target.transaction(async (tx) => {
              await run(tx);
              throw new Error("the write failed");
            });
        },
      }),
    };
    await expect(
      recordEvents(failing, { consent: "denied", events: [crash(), crash()] }, client(), NOON),
    ).rejects.toThrow("the write failed");
    expect(await storedEvents()).toEqual([]);
    expect(await database.db.select().from(errorGroups)).toEqual([]);
  });
});

describe(`the daily salts on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("makes one salt a day, the same for servers that race for it", async () => {
    const salts = await Promise.all(Array.from({ length: 8 }, () => daySaltOf(database.db, NOON)));
    expect(new Set(salts).size).toBe(1);
    expect(salts[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(await daySaltOf(database.db, new Date("2026-03-11T00:00:00Z"))).not.toBe(salts[0]);
  });

  it("deletes every salt older than yesterday", async () => {
    await database.db.execute(sql`truncate analytics_salts`);
    for (const day of ["2026-04-01", "2026-04-02", "2026-04-03"]) {
      await daySaltOf(database.db, new Date(`${day}T08:00:00Z`));
    }
    await daySaltOf(database.db, new Date("2026-04-04T00:00:00Z"));
    const days = await database.db
      .select({ day: analyticsSalts.day })
      .from(analyticsSalts)
      .orderBy(asc(analyticsSalts.day));
    expect(days.map((row) => row.day)).toEqual(["2026-04-03", "2026-04-04"]);
  });

  it("reads the database once a day per server", async () => {
    const spy = vi.spyOn(database.db, "execute");
    try {
      const saltOf = createSaltKeeper(database.db);
      const first = await saltOf(new Date("2026-05-01T01:00:00Z"));
      const afterFirst = spy.mock.calls.length;
      expect(await saltOf(new Date("2026-05-01T22:00:00Z"))).toBe(first);
      expect(spy.mock.calls.length).toBe(afterFirst);
      const calls = spy.mock.calls.length;
      expect(await saltOf(new Date("2026-05-02T01:00:00Z"))).not.toBe(first);
      expect(spy.mock.calls.length).toBeGreaterThan(calls);
    } finally {
      spy.mockRestore();
    }
  });
});

describe(`recordServerError on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("groups server errors as app_exception of the server, without the query", async () => {
    const record = createServerErrorRecorder({
      db: database.db,
      logger: pino({ level: "silent" }),
    });
    const failure = () => new Error("The catalogue for carol@example.com failed");
    const countIs = (count: number) =>
      vi.waitFor(async () => {
        const [group] = await database.db.select().from(errorGroups);
        expect(group?.count).toBe(count);
      });
    record(failure(), "/ai-tools?search=x&utm_source=news");
    await countIs(1);
    record(failure(), "/ai-tools");
    await countIs(2);
    const [group] = await database.db.select().from(errorGroups);
    expect(group).toMatchObject({
      name: "app_exception",
      source: "server",
      message: "The catalogue for [email] failed",
      lastPath: "/ai-tools",
    });
    expect(group!.topFrame).toContain("failure");
    const rows = await database.db.select().from(analyticsEvents).orderBy(asc(analyticsEvents.id));
    expect(rows.map((row) => [row.name, row.consented, row.path, row.errorGroup])).toEqual([
      ["app_exception", false, "/ai-tools?utm_source=news", group!.fingerprint],
      ["app_exception", false, "/ai-tools", group!.fingerprint],
    ]);
  });

  it("stores an error whose message, stack and path hold control characters", async () => {
    await database.db.execute(sql`truncate analytics_events, error_groups`);
    const warnings: unknown[] = [];
    const record = createServerErrorRecorder({
      db: database.db,
      logger: pino({ level: "warn" }, { write: (line: string) => warnings.push(line) }),
    });
    const failure = new Error('invalid byte sequence: "a\u0000b\u0007"');
    failure.stack = `Error: a\u0000b\n\tat handler (/srv/app.js:1:2)`;
    record(failure, "/ai-tools?utm_source=%00x&utm_campaign=nulcamp");
    const group = await vi.waitFor(async () => {
      const [stored] = await database.db.select().from(errorGroups);
      expect(stored).toBeDefined();
      return stored!;
    });
    expect(group).toMatchObject({
      message: 'invalid byte sequence: "ab"',
      sampleStack: "Error: ab\n\tat handler (/srv/app.js:1:2)",
      lastPath: "/ai-tools?utm_source=x&utm_campaign=nulcamp",
    });
    expect(warnings).toEqual([]);
  });

  it("stores at most 60 a minute, never throws and never waits", async () => {
    await database.db.execute(sql`truncate analytics_events, error_groups`);
    let now = new Date("2026-06-01T10:00:00Z");
    const record = createServerErrorRecorder({
      db: database.db,
      logger: pino({ level: "silent" }),
      clock: () => now,
    });
    for (let i = 0; i < 100; i++) expect(record(new Error("storm"), "/")).toBeUndefined();
    now = new Date("2026-06-01T10:01:00Z");
    record("not even an Error", "/");
    // 61 transactions on one error group: on a busy machine they can take past waitFor's 1 s.
    await vi.waitFor(
      async () => {
        const [row] = await database.db
          .execute<{ n: number }>(sql`select count(*)::int as n from analytics_events`)
          .then((result) => (result as unknown as { rows: { n: number }[] }).rows);
        expect(row!.n).toBe(61);
      },
      { timeout: 10_000 },
    );
  });

  it("only logs a report it cannot store", async () => {
    const warnings: unknown[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => warnings.push(line) });
    const broken = {
      transaction: () => Promise.reject(new Error("database down")),
    } as unknown as DatabaseHandle["db"];
    const record = createServerErrorRecorder({ db: broken, logger });
    expect(() => record(new Error("x"), "/")).not.toThrow();
    await vi.waitFor(() => expect(warnings).toHaveLength(1));
  });
});
