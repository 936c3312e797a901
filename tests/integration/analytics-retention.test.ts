import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { analyticsDailyRollups, analyticsEvents } from "#server/db/schema";
import { parseEnv } from "#server/core/env.server";
import {
  applyAnalyticsRetention,
  startAnalyticsRetention,
} from "#server/services/analytics/apply-analytics-retention.server";
import { getAnalyticsReport } from "#server/services/analytics/get-analytics-report.server";
import { databaseKind, openTestDatabase } from "./test-database";

type EventRow = typeof analyticsEvents.$inferInsert;

const at = (day: string, time = "12:00:00") => new Date(`${day}T${time}Z`);
const view = (day: string, visitorId: string | null, name = "page_view"): EventRow => ({
  name,
  category: name === "tool_view" ? "content" : "navigation",
  consented: visitorId !== null,
  visitorId,
  occurredAt: at(day),
  path: "/",
});
/** 2025-01-10 and 2025-01-11: 3 visitors, 5 page views (2 anonymous), 2 tool views. */
const OLD_EVENTS = [
  view("2025-01-10", "v1"),
  view("2025-01-10", "v2"),
  view("2025-01-10", "v2", "tool_view"),
  view("2025-01-10", null),
  view("2025-01-11", "v1-next-day"),
  view("2025-01-11", "v1-next-day", "tool_view"),
  view("2025-01-11", null),
];
const RANGE = { from: "2025-01-10", to: "2025-01-12" };

describe(`analytics retention on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  const rawCount = async () => (await database.db.select().from(analyticsEvents)).length;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  beforeEach(async () => {
    await database.db.execute(sql`truncate analytics_events, analytics_daily_rollups`);
    await database.db.insert(analyticsEvents).values(OLD_EVENTS);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await database.close();
  });

  it("deletes raw events older than the retention while the dashboard's figures for their range stay the same", async () => {
    const before = await getAnalyticsReport(database.db, RANGE);
    expect(before.totals).toMatchObject({ visitors: 3, pageViews: 5, toolViews: 2 });

    // 400 days after 2025-01-11 is 2026-02-15: on 2026-02-16 both days are past the retention.
    const kept = await applyAnalyticsRetention(database.db, 400, at("2026-02-15"));
    expect(kept.deleted).toBe(4);
    expect(await rawCount()).toBe(3);
    const gone = await applyAnalyticsRetention(database.db, 400, at("2026-02-16"));
    expect(gone.deleted).toBe(3);
    expect(await rawCount()).toBe(0);

    const after = await getAnalyticsReport(database.db, RANGE);
    expect(after.totals).toEqual(before.totals);
    expect(after.days).toEqual(before.days);
    expect(await database.db.select().from(analyticsDailyRollups)).toEqual([
      { day: "2025-01-10", visitors: 2, pageViews: 3, toolViews: 1 },
      { day: "2025-01-11", visitors: 1, pageViews: 2, toolViews: 1 },
    ]);
  });

  it("rolls each day up once when two servers run retention at the same time", async () => {
    const runs = await Promise.all([
      applyAnalyticsRetention(database.db, 400, at("2026-03-01")),
      applyAnalyticsRetention(database.db, 400, at("2026-03-01")),
    ]);
    expect(runs.map((run) => run.deleted).sort()).toEqual([0, 7]);
    const report = await getAnalyticsReport(database.db, RANGE);
    expect(report.totals).toMatchObject({ visitors: 3, pageViews: 5, toolViews: 2 });
  });

  it("runs when the server starts and again every 24 hours", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let now = at("2025-06-01");
    const retention = startAnalyticsRetention({
      db: database.db,
      retentionDays: 400,
      logger: pino({ level: "silent" }),
      now: () => now,
    });
    now = at("2026-03-01");
    vi.advanceTimersByTime(24 * 60 * 60_000 - 1);
    await retention.idle();
    expect(await rawCount()).toBe(7);
    vi.advanceTimersByTime(1);
    await retention.idle();
    expect(await rawCount()).toBe(0);
    await retention.stop();
  });

  it("reads ANALYTICS_RETENTION_DAYS as whole days, 400 when unset", () => {
    expect(parseEnv({}).ANALYTICS_RETENTION_DAYS).toBe(400);
    expect(parseEnv({ ANALYTICS_RETENTION_DAYS: "30" }).ANALYTICS_RETENTION_DAYS).toBe(30);
    for (const refused of ["0", "-1", "1.5", "forever"]) {
      expect(() => parseEnv({ ANALYTICS_RETENTION_DAYS: refused })).toThrow(
        /ANALYTICS_RETENTION_DAYS/,
      );
    }
  });
});
