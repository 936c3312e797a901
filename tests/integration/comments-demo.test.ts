import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { queryRows } from "#server/db/query-rows.server";
import { seedDemoCatalogue } from "#server/seed/seed-demo.server";
import { databaseKind, openTestDatabase } from "./test-database";

// The demo catalogue's ratings are real, every tool's numbers those of its demo rows.

describe(`the demo catalogue's comments on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemoCatalogue(database.db);
  }, 120_000);
  afterAll(() => database.close());

  it("gives every demo tool the rating_avg and rating_count of its visible rated comments", async () => {
    const rows = await queryRows<{
      id: string;
      rating_avg: number;
      rating_count: number;
      rows_avg: string;
      rows_count: number;
    }>(
      database.db,
      sql`select t.id, t.rating_avg, t.rating_count,
            coalesce(round(avg(c.rating), 2), 0)::text as rows_avg, count(c.rating)::int as rows_count
          from tools t
          left join comments c on c.tool_id = t.id and c.status = 'visible' and c.rating is not null
          group by t.id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(1200);
    const mismatched = rows.filter(
      (row) =>
        Number(row.rating_count) !== Number(row.rows_count) ||
        Number(row.rating_avg) !== Number(row.rows_avg),
    );
    expect(mismatched).toEqual([]);
    expect(rows.filter((row) => Number(row.rows_count) > 0).length).toBeGreaterThan(1000);
  });

  it("writes demo comments without accounts, with replies, and adds nothing when seeded again", async () => {
    const count = async () =>
      (
        await queryRows<{ total: number; replies: number; authored: number; other: number }>(
          database.db,
          sql`select count(*)::int as total, count(parent_id)::int as replies,
                count(author_id)::int as authored, count(*) filter (where source <> 'demo')::int as other
              from comments`,
        )
      )[0]!;
    const first = await count();
    expect(first.replies).toBeGreaterThan(100);
    expect(first.authored).toBe(0);
    expect(first.other).toBe(0);
    await seedDemoCatalogue(database.db);
    expect(await count()).toEqual(first);
  });
});
