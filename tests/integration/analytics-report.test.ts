import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsReport } from "~/lib/api/contract";
import type { DatabaseHandle } from "#server/db/client.server";
import {
  analyticsEvents,
  authUsers,
  errorGroups,
  newsletterSubscribers,
  toolLikes,
  tools,
} from "#server/db/schema";
import { getAnalyticsReport } from "#server/services/analytics/get-analytics-report.server";
import { createToolRow } from "../factories";
import { databaseKind, openTestDatabase } from "./test-database";

type EventRow = typeof analyticsEvents.$inferInsert;

const at = (day: string, time = "12:00:00") => new Date(`${day}T${time}Z`);
let clientNumber = 0;
/** An event from a client of its own, unless `row` names one. */
const event = (day: string, row: Partial<EventRow>, time?: string): EventRow => ({
  name: "page_view",
  category: "navigation",
  consented: true,
  occurredAt: at(day, time),
  path: "/",
  clientToken: `client-${++clientNumber}`,
  ...row,
});
const repeat = <T>(count: number, make: () => T) => Array.from({ length: count }, make);

describe(`the analytics report on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let report: AnalyticsReport;

  beforeAll(async () => {
    database = await openTestDatabase();
    const db = database.db;
    await db
      .insert(tools)
      .values([
        createToolRow({ id: "tool-a", slug: "alpha", name: "Alpha", category: "Writing" }),
        createToolRow({ id: "tool-b", slug: "beta", name: "Beta", category: null }),
      ]);
    await db.insert(authUsers).values([
      { id: "u1", email: "u1@example.com", emailVerified: true, createdAt: at("2026-03-10") },
      { id: "u2", email: "u2@example.com", emailVerified: true, createdAt: at("2026-03-12") },
      { id: "u3", email: "u3@example.com", emailVerified: true, createdAt: at("2026-03-08") },
      { id: "u4", email: "u4@example.com", emailVerified: true, createdAt: at("2026-03-13") },
    ]);
    await db.insert(toolLikes).values([
      { userId: "u1", toolId: "tool-a", createdAt: at("2026-03-10") },
      { userId: "u2", toolId: "tool-a", createdAt: at("2026-03-10"), isActive: false },
      { userId: "u3", toolId: "tool-a", createdAt: at("2026-03-09") },
    ]);
    await db.insert(newsletterSubscribers).values([
      { email: "n1@example.com", status: "subscribed", confirmedAt: at("2026-03-11") },
      { email: "n2@example.com", status: "subscribed", confirmedAt: at("2026-03-07") },
      { email: "n3@example.com", status: "pending" },
      { email: "n4@example.com", status: "unsubscribed", confirmedAt: at("2026-03-01") },
    ]);
    await db.insert(errorGroups).values([
      {
        fingerprint: "f-often",
        name: "app_exception",
        source: "browser",
        message: "often",
        topFrame: "a (/a.js:1:1)",
        count: 40,
        lastPath: "/tools",
        firstSeenAt: at("2026-01-01"),
        lastSeenAt: at("2026-03-12"),
      },
      {
        fingerprint: "f-once",
        name: "error",
        source: "server",
        message: "once",
        count: 1,
        firstSeenAt: at("2026-03-11"),
        lastSeenAt: at("2026-03-11"),
      },
    ]);
    const error = (day: string, group: string) =>
      event(day, {
        name: group === "f-once" ? "error" : "app_exception",
        category: "error",
        consented: false,
        errorGroup: group,
      });
    await db.insert(analyticsEvents).values([
      // The range, 2026-03-10 to 2026-03-12: visitors v1 and v2 on the 10th, v1 again on the 12th.
      event(
        "2026-03-10",
        {
          visitorId: "v1",
          referrerHost: "search.example",
          utmSource: "news",
          utmMedium: "email",
          utmCampaign: "march",
        },
        "00:00:00",
      ),
      event("2026-03-10", { visitorId: "v1", referrerHost: "search.example" }),
      event("2026-03-10", { visitorId: "v2", referrerHost: "social.example" }),
      event("2026-03-10", {
        name: "tool_view",
        category: "content",
        visitorId: "v2",
        toolId: "tool-a",
      }),
      event(
        "2026-03-12",
        { visitorId: "v1", utmSource: "news", utmMedium: "email", utmCampaign: "march" },
        "23:59:59",
      ),
      ...repeat(3, () =>
        event("2026-03-12", {
          name: "tool_view",
          category: "content",
          visitorId: "v1",
          toolId: "tool-b",
        }),
      ),
      event("2026-03-12", {
        name: "tool_view",
        category: "content",
        visitorId: "v1",
        toolId: "tool-gone",
      }),
      // Searches: "Writer" three times (5, 7 and 0 results), "zzz" three times with none.
      event("2026-03-11", {
        name: "detailed_page_view",
        category: "search",
        visitorId: "v3",
        search: "Writer",
        resultCount: 5,
      }),
      event("2026-03-11", {
        name: "detailed_page_view",
        category: "search",
        visitorId: "v3",
        search: " writer ",
        resultCount: 7,
      }),
      event("2026-03-11", {
        name: "detailed_page_view",
        category: "search",
        visitorId: "v3",
        search: "WRITER",
        resultCount: 0,
      }),
      ...repeat(3, () =>
        event("2026-03-11", {
          name: "detailed_page_view",
          category: "search",
          visitorId: "v3",
          search: "zzz",
          resultCount: 0,
        }),
      ),
      event("2026-03-11", { name: "detailed_page_view", category: "navigation", visitorId: "v3" }),
      // Anonymous events count in no visitor.
      event("2026-03-11", { name: "app_update", category: "engagement", consented: false }),
      ...repeat(3, () => error("2026-03-11", "f-often")),
      error("2026-03-12", "f-once"),
      // The previous range, 2026-03-07 to 2026-03-09, and the days either side of both.
      event("2026-03-09", { visitorId: "old-1", referrerHost: "old.example" }, "23:59:59"),
      event("2026-03-08", { visitorId: "old-2" }),
      event("2026-03-08", {
        name: "tool_view",
        category: "content",
        visitorId: "old-2",
        toolId: "tool-b",
      }),
      error("2026-03-08", "f-often"),
      event("2026-03-06", { visitorId: "too-early" }),
      event("2026-03-13", { visitorId: "too-late", referrerHost: "late.example" }, "00:00:00"),
    ]);
    report = await getAnalyticsReport(db, { from: "2026-03-10", to: "2026-03-12" });
  });
  afterAll(async () => {
    await database.close();
  });

  it("names the range and the same number of days before it", () => {
    expect(report.range).toEqual({ from: "2026-03-10", to: "2026-03-12" });
    expect(report.previousRange).toEqual({ from: "2026-03-07", to: "2026-03-09" });
  });

  it("counts each UTC day, zero-filled", () => {
    expect(report.days).toEqual([
      {
        day: "2026-03-10",
        visitors: 2,
        pageViews: 3,
        toolViews: 1,
        likes: 1,
        signUps: 1,
        newsletterConfirmations: 0,
      },
      {
        day: "2026-03-11",
        visitors: 1,
        pageViews: 0,
        toolViews: 0,
        likes: 0,
        signUps: 0,
        newsletterConfirmations: 1,
      },
      {
        day: "2026-03-12",
        visitors: 1,
        pageViews: 1,
        toolViews: 4,
        likes: 0,
        signUps: 1,
        newsletterConfirmations: 0,
      },
    ]);
    expect(report.previousDays).toEqual([
      {
        day: "2026-03-07",
        visitors: 0,
        pageViews: 0,
        toolViews: 0,
        likes: 0,
        signUps: 0,
        newsletterConfirmations: 1,
      },
      {
        day: "2026-03-08",
        visitors: 1,
        pageViews: 1,
        toolViews: 1,
        likes: 0,
        signUps: 1,
        newsletterConfirmations: 0,
      },
      {
        day: "2026-03-09",
        visitors: 1,
        pageViews: 1,
        toolViews: 0,
        likes: 1,
        signUps: 0,
        newsletterConfirmations: 0,
      },
    ]);
  });

  it("counts visitors distinct over the whole range and sums the rest", () => {
    expect(report.totals).toEqual({
      visitors: 3,
      pageViews: 4,
      toolViews: 5,
      likes: 1,
      signUps: 2,
      newsletterConfirmations: 1,
    });
    expect(report.previousTotals).toEqual({
      visitors: 2,
      pageViews: 2,
      toolViews: 1,
      likes: 1,
      signUps: 1,
      newsletterConfirmations: 1,
    });
  });

  it("lists the most viewed tools with their pages, a deleted one without", () => {
    expect(report.topTools).toEqual([
      { toolId: "tool-b", name: "Beta", path: expect.stringContaining("beta") as string, views: 3 },
      {
        toolId: "tool-a",
        name: "Alpha",
        path: expect.stringContaining("alpha") as string,
        views: 1,
      },
      { toolId: "tool-gone", name: null, path: null, views: 1 },
    ]);
  });

  it("lists searches lower-cased and trimmed, and the ones that found nothing", () => {
    expect(report.topSearches).toEqual([
      { search: "writer", count: 3, averageResults: 4 },
      { search: "zzz", count: 3, averageResults: 0 },
    ]);
    expect(report.emptySearches).toEqual([
      { search: "zzz", count: 3 },
      { search: "writer", count: 1 },
    ]);
  });

  it("lists no referrer host or campaign that fewer than 3 clients sent", () => {
    expect(report.referrers).toEqual([]);
    expect(report.campaigns).toEqual([]);
  });

  it("lists error groups by occurrences in the range, with their totals", () => {
    expect(report.errors).toEqual([
      {
        fingerprint: "f-often",
        name: "app_exception",
        source: "browser",
        message: "often",
        topFrame: "a (/a.js:1:1)",
        count: 3,
        totalCount: 40,
        lastPath: "/tools",
        firstSeenAt: "2026-01-01T12:00:00.000Z",
        lastSeenAt: "2026-03-12T12:00:00.000Z",
      },
      expect.objectContaining({ fingerprint: "f-once", source: "server", count: 1, totalCount: 1 }),
    ]);
  });

  it("counts the newsletter's subscribers", () => {
    expect(report.newsletter).toEqual({ pending: 1, confirmed: 2, unsubscribed: 1 });
  });

  it("keeps each top list to ten", async () => {
    await database.db.insert(analyticsEvents).values(
      Array.from({ length: 12 * 3 }, (_, i) =>
        event("2026-04-01", {
          referrerHost: `site-${String(i % 12).padStart(2, "0")}.example`,
        }),
      ),
    );
    const april = await getAnalyticsReport(database.db, { from: "2026-04-01", to: "2026-04-01" });
    expect(april.referrers).toHaveLength(10);
    expect(april.days).toHaveLength(1);
    expect(april.previousRange).toEqual({ from: "2026-03-31", to: "2026-03-31" });
  });

  it("answers an empty range with zeros", async () => {
    const empty = await getAnalyticsReport(database.db, { from: "2025-01-30", to: "2025-02-02" });
    expect(empty.days.map((day) => day.day)).toEqual([
      "2025-01-30",
      "2025-01-31",
      "2025-02-01",
      "2025-02-02",
    ]);
    expect(empty.totals).toEqual({
      visitors: 0,
      pageViews: 0,
      toolViews: 0,
      likes: 0,
      signUps: 0,
      newsletterConfirmations: 0,
    });
    expect(empty.errors).toEqual([]);
  });
});
