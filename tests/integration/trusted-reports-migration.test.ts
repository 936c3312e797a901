import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { authUsers, commentReports, comments, toolLikes, tools } from "#server/db/schema";
import { createToolRow } from "../factories";
import { databaseKind, openTestDatabase } from "./test-database";

// Migration 0013 on a database whose reports were stored before trust existed: its backfill runs
// again over such reports and must call trusted exactly those the app would have trusted when
// each was made (decision 027).

const BACKFILL = readFileSync(
  new URL("../../server/db/migrations/0013_trusted_reports.sql", import.meta.url),
  "utf8",
).split("--> statement-breakpoint")[1]!;

const DAY_MS = 24 * 60 * 60_000;
const REPORTED_AT = new Date("2026-05-01T12:00:00Z");
const daysBefore = (days: number) => new Date(REPORTED_AT.getTime() - days * DAY_MS);

describe(`migration 0013 on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let commentCount = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(tools).values(createToolRow({ id: "mig-tool", slug: "mig-tool" }));
  });
  afterAll(() => database.close());

  async function account(id: string, ageDays: number) {
    await database.db
      .insert(authUsers)
      .values({ id, email: `${id}@example.com`, createdAt: daysBefore(ageDays) });
  }

  async function comment(authorId: string, at: Date, status: "visible" | "held" = "visible") {
    commentCount += 1;
    const [row] = await database.db
      .insert(comments)
      .values({
        toolId: "mig-tool",
        authorId,
        authorName: authorId,
        bodyHtml: `<p>comment ${commentCount}</p>`,
        status,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: comments.id });
    return row!.id;
  }

  async function like(userId: string, at: Date, isActive = true) {
    await database.db
      .insert(toolLikes)
      .values({ userId, toolId: "mig-tool", isActive, createdAt: at, updatedAt: at });
  }

  it("trusts only reports from accounts 7 days old with a visible comment or a like made before", async () => {
    await account("author", 100);
    const reported = await comment("author", daysBefore(50));
    const reporters = {
      commenter: 30, // a visible comment 10 days before the report
      liker: 30, // an active like the day before
      young: 3, // a visible comment, but the account is 3 days old
      idle: 60, // nothing but the report
      heldOnly: 60, // only a held comment
      likedLater: 60, // its like came after the report
      unliked: 60, // its like was taken back
    };
    for (const [id, ageDays] of Object.entries(reporters)) await account(id, ageDays);
    await comment("commenter", daysBefore(10));
    await like("liker", daysBefore(1));
    await comment("young", daysBefore(2));
    await comment("heldOnly", daysBefore(5), "held");
    await like("likedLater", new Date(REPORTED_AT.getTime() + DAY_MS));
    await like("unliked", daysBefore(5), false);
    await database.db.insert(commentReports).values(
      Object.keys(reporters).map((userId) => ({
        commentId: reported,
        userId,
        createdAt: REPORTED_AT,
      })),
    );

    await database.db.execute(sql.raw(BACKFILL));

    const trusted = await database.db
      .select({ userId: commentReports.userId })
      .from(commentReports)
      .where(sql`${commentReports.isTrusted}`)
      .orderBy(commentReports.userId);
    expect(trusted.map((row) => row.userId)).toEqual(["commenter", "liker"]);
  });
});
