import { eq, sql } from "drizzle-orm";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AnalyticsReport } from "~/lib/api/contract";
import { utcDayOf } from "~/lib/utc-days";
import { eventRoutes } from "#server/routes/events.server";
import { toolRoutes } from "#server/routes/tools.server";
import type { Application } from "#server/boot.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { tools } from "#server/db/schema";
import { handleErrors } from "#server/http/error-handler.server";
import { consumeRateLimit, type RateRule } from "#server/rate-limit/consume-rate-limit.server";
import { createAnalyticsServices } from "#server/services/analytics/analytics-services.server";
import { createToolsServices } from "#server/services/tools/tools-services.server";
import { ViewCounter } from "#server/services/tools/view-counter.server";
import { SnapshotKeeper } from "#server/snapshot/snapshot-keeper.server";
import { createToolRow } from "../factories";
import { databaseKind, openTestDatabase } from "./test-database";
import { serveForTest, type ServedForTest } from "../support/serve-for-test";

// One client forging the dashboard's numbers over HTTP, against the real services: a burst of
// events, an invented tool id, its own text under searches, campaigns and referrers, and a burst
// of view counts.

const APP_URL = "http://localhost:3999";
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const TOOL = "forged-real";
const silent = pino({ level: "silent" });
/** Every batch arrives at this time: a burst cannot straddle two minutes of the event budget. */
const NOW = new Date();

describe(`forged analytics and views on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let served: ServedForTest;
  let base: string;
  let views: ViewCounter;
  let services: ReturnType<typeof createAnalyticsServices>;

  const send = (address: string, events: unknown[]) =>
    fetch(`${base}/api/events`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": BROWSER,
        "x-forwarded-for": address,
      },
      body: JSON.stringify({ consent: "granted", events }),
    });
  /** Sends `count` events, 25 a batch as the browser does, and expects each batch taken. */
  const sendMany = async (address: string, count: number, make: (n: number) => unknown) => {
    for (let sent = 0; sent < count; sent += 25) {
      const batch = Array.from({ length: Math.min(25, count - sent) }, (_, n) => make(sent + n));
      expect((await send(address, batch)).status).toBe(204);
    }
  };
  const today = () => utcDayOf(NOW);
  const dashboard = (): Promise<AnalyticsReport> =>
    services.getAnalyticsReport({ from: today(), to: today() });
  const storedViews = async () =>
    (await database.db.select({ views: tools.views }).from(tools).where(eq(tools.id, TOOL)))[0]!
      .views;

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(tools).values(createToolRow({ id: TOOL, slug: TOOL, name: "Real" }));
    const snapshotKeeper = new SnapshotKeeper(database.db);
    await snapshotKeeper.reload();
    views = new ViewCounter(database.db, silent);
    services = createAnalyticsServices({
      db: database.db,
      secret: "a".repeat(32),
      gaMeasurementId: undefined,
      appUrl: APP_URL,
      isKnownTool: (id: string) => snapshotKeeper.snapshot.byId.has(id),
      logger: silent,
      clock: () => NOW,
    });
    const app = {
      readSignedIn: () => Promise.resolve(null),
      services: {
        ...services,
        ...createToolsServices({
          db: database.db,
          snapshotKeeper,
          views,
          featuredIds: [],
          logger: silent,
        }),
        limitRate: (key: string, rule: RateRule) => consumeRateLimit(database.db, key, rule),
      },
    } as unknown as Application;
    const routes = express()
      .set("trust proxy", "loopback")
      .use("/api/events", eventRoutes(app))
      .use("/api/tools", toolRoutes(app))
      .use(handleErrors(silent));
    served = await serveForTest(routes);
    base = served.url;
  });
  beforeEach(async () => {
    await database.db.execute(sql`truncate analytics_events`);
    await database.db.execute(sql`delete from analytics_dropped_events`);
  });
  afterAll(async () => {
    served.close();
    await database.close();
  });

  it("moves the dashboard's tool views by one for a burst of 1,250 tool_view events from one client, and shows the other 1,249 as dropped", async () => {
    expect((await dashboard()).totals.toolViews).toBe(0);
    await sendMany("203.0.113.10", 1250, () => ({ name: "tool_view", path: "/t", toolId: TOOL }));
    const report = await dashboard();
    expect(report.totals.toolViews).toBe(1);
    expect(report.topTools.map((row) => [row.toolId, row.views])).toEqual([[TOOL, 1]]);
    expect(report.dropped.total).toBe(1249);
  });

  it("holds the issue's attack: 1,250 events from one client move tool views from 1 to 2, name no invented tool, write no text and show as dropped", async () => {
    await sendMany("198.51.100.1", 1, () => ({ name: "tool_view", path: "/t", toolId: TOOL }));
    expect((await dashboard()).totals.toolViews).toBe(1);

    // Tool views of a real tool, of an invented one, and the attacker's text
    // as a search, a campaign and a referrer, 25 a batch as fast as the server takes them.
    const forged = (n: number) =>
      [
        { name: "tool_view", path: "/t", toolId: TOOL },
        { name: "tool_view", path: "/t", toolId: TOOL },
        { name: "tool_view", path: "/t", toolId: "invented-by-attacker" },
        { name: "detailed_page_view", path: "/ai-tools", search: "visit evil.example" },
        {
          name: "page_view",
          path: "/?utm_source=evil&utm_medium=spam&utm_campaign=free-money",
          referrer: "https://evil.example/landing",
        },
      ][n % 5];
    await sendMany("203.0.113.66", 1250, forged);

    const report = await dashboard();
    expect(report.totals.toolViews).toBe(2);
    expect(report.topTools.map((row) => [row.toolId, row.views])).toEqual([[TOOL, 2]]);
    expect(report.topSearches).toEqual([]);
    expect(report.emptySearches).toEqual([]);
    expect(report.campaigns).toEqual([]);
    expect(report.referrers).toEqual([]);
    // The first 600 events of the minute are taken: 240 views of the tool (1 counted), 120 of
    // the invented id, 120 searches and 120 page views stored but listed nowhere.
    expect(report.totals.pageViews).toBe(120);
    expect(report.dropped).toEqual({
      total: 1009,
      overLimit: 650,
      unknownTool: 120,
      repeatView: 239,
    });
  });

  it("stores at most 600 of a client's events a minute, and counts the rest as dropped", async () => {
    await sendMany("203.0.113.11", 1250, (n) => ({ name: "page_view", path: `/p/${n}` }));
    const report = await dashboard();
    expect(report.totals.pageViews).toBe(600);
    expect(report.dropped).toEqual({ total: 650, overLimit: 650, unknownTool: 0, repeatView: 0 });
  });

  it("counts no view of an invented tool id, and counts it as dropped", async () => {
    await sendMany("203.0.113.12", 5, () => ({
      name: "tool_view",
      path: "/t",
      toolId: "invented-by-attacker",
    }));
    const report = await dashboard();
    expect(report.totals.toolViews).toBe(0);
    expect(report.topTools).toEqual([]);
    expect(report.dropped.unknownTool).toBe(5);
  });

  it("shows one client's text under no top searches, campaigns or referrers, and shows it once 3 distinct clients sent it", async () => {
    const attackerText = (n: number) =>
      n % 2 === 0
        ? {
            name: "detailed_page_view",
            path: "/ai-tools",
            search: "visit evil.example",
            resultCount: 3,
          }
        : {
            name: "page_view",
            path: "/?utm_source=evil&utm_medium=spam&utm_campaign=free-money",
            referrer: "https://evil.example/landing",
          };
    await sendMany("203.0.113.13", 100, attackerText);
    const alone = await dashboard();
    expect(alone.totals.pageViews).toBe(50);
    expect(alone.topSearches).toEqual([]);
    expect(alone.emptySearches).toEqual([]);
    expect(alone.campaigns).toEqual([]);
    expect(alone.referrers).toEqual([]);

    await sendMany("203.0.113.14", 2, attackerText);
    expect((await dashboard()).topSearches).toEqual([]);
    await sendMany("2001:db8:5:6::1", 2, attackerText);
    const three = await dashboard();
    expect(three.topSearches).toEqual([
      { search: "visit evil.example", count: 52, averageResults: 3 },
    ]);
    expect(three.campaigns).toEqual([
      { source: "evil", medium: "spam", campaign: "free-money", count: 52 },
    ]);
    expect(three.referrers).toEqual([{ host: "evil.example", count: 52 }]);
  });

  it("counts 40 view counts from one client in one second once, and another client's once more", async () => {
    await views.flush();
    const before = await storedViews();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(`${base}/api/tools/${TOOL}/views`, {
          method: "POST",
          headers: { "x-forwarded-for": "2001:db8:40:1::1" },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(204));
    await views.flush();
    expect(await storedViews()).toBe(before + 1);

    // Another address of the same /64 is the same client; another network is not.
    await fetch(`${base}/api/tools/${TOOL}/views`, {
      method: "POST",
      headers: { "x-forwarded-for": "2001:db8:40:1::2" },
    });
    await fetch(`${base}/api/tools/${TOOL}/views`, {
      method: "POST",
      headers: { "x-forwarded-for": "198.51.100.40" },
    });
    await views.flush();
    expect(await storedViews()).toBe(before + 2);
  });
});
