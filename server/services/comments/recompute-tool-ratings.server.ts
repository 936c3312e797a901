import { sql } from "drizzle-orm";
import type { RatingSummary } from "~/lib/api/contract";
import type { Transaction } from "#server/db/client.server";
import { lockInOrder } from "#server/db/lock-tool-rows.server";
import { notifyLive } from "#server/live/live-events.server";
import { queryRows } from "#server/db/query-rows.server";

interface RatingRow extends Record<string, unknown> {
  id: string;
  rating_avg: number | string;
  rating_count: number | string;
  comment_count: number | string;
  r1: number | string;
  r2: number | string;
  r3: number | string;
  r4: number | string;
  r5: number | string;
}

/**
 * Recomputes these tools' `rating_avg` and `rating_count` from their visible rated comments and
 * queues one `comments` live event per tool (delivered on commit). Call it inside the transaction
 * that changed a rating, a rated comment's visibility, or any comment of these tools (decision
 * 017): the numbers then never drift from the rows.
 *
 * - It locks the tools' rows first (FOR NO KEY UPDATE, in id order, so two writers never
 *   deadlock), then reads the comments in a new statement: under READ COMMITTED that statement
 *   sees every change committed by a writer that held the lock before, so concurrent ratings
 *   stay exact. A caller that locked these tools' rows earlier in the transaction (before it read
 *   what it decided on) passes `isLocked` and saves the round trip.
 * - Callers that change many tools (an import) call it once with all their ids, after their
 *   comment writes and before commit. Unknown ids are skipped.
 * - The average is rounded to 2 decimals; 0 with no ratings.
 */
export async function recomputeToolRatings(
  tx: Transaction,
  toolIds: readonly string[],
  { isLocked = false }: { isLocked?: boolean } = {},
): Promise<Map<string, RatingSummary>> {
  const ids = [...new Set(toolIds)].sort();
  const summaries = new Map<string, RatingSummary>();
  if (ids.length === 0) return summaries;
  if (!isLocked) await lockInOrder(tx, ids);
  const rows = await queryRows<RatingRow>(
    tx,
    sql`with counted as (
          select t.id,
            count(c.id) filter (where c.status = 'visible') as comment_count,
            count(c.rating) filter (where c.status = 'visible') as rating_count,
            coalesce(round(avg(c.rating) filter (where c.status = 'visible'), 2), 0) as rating_avg,
            count(*) filter (where c.status = 'visible' and c.rating = 1) as r1,
            count(*) filter (where c.status = 'visible' and c.rating = 2) as r2,
            count(*) filter (where c.status = 'visible' and c.rating = 3) as r3,
            count(*) filter (where c.status = 'visible' and c.rating = 4) as r4,
            count(*) filter (where c.status = 'visible' and c.rating = 5) as r5
          from tools t left join comments c on c.tool_id = t.id
          where t.id in ${ids}
          group by t.id
        )
        update tools set rating_avg = counted.rating_avg, rating_count = counted.rating_count
        from counted where tools.id = counted.id
        returning tools.id, counted.rating_avg, counted.rating_count, counted.comment_count,
          counted.r1, counted.r2, counted.r3, counted.r4, counted.r5`,
  );
  for (const row of rows) {
    const summary: RatingSummary = {
      ratingAvg: Number(row.rating_avg),
      ratingCount: Number(row.rating_count),
      histogram: [Number(row.r1), Number(row.r2), Number(row.r3), Number(row.r4), Number(row.r5)],
    };
    summaries.set(row.id, summary);
    await notifyLive(tx, {
      type: "comments",
      toolId: row.id,
      ratingAvg: summary.ratingAvg,
      ratingCount: summary.ratingCount,
      commentCount: Number(row.comment_count),
    });
  }
  return summaries;
}
