import { sql } from "drizzle-orm";
import { addDays, utcDayOf } from "~/lib/utc-days";
import type { Database } from "#server/db/client.server";
import { queryRows } from "#server/db/query-rows.server";
import type { Logger } from "#server/core/logger.server";

/** Retention runs once a day (and once when the server starts). */
export const RETENTION_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * ANALYTICS_RETENTION_DAYS: analytics_events of UTC days before `now`'s day minus `retentionDays`
 * are rolled up into analytics_daily_rollups (a day's visitors, page views and tool views), then
 * deleted, in one transaction. The transaction holds an advisory lock, so two servers that run it
 * at once take turns, and the second finds nothing left; a day already rolled up keeps its row.
 * Returns how many events were deleted.
 */
export async function applyAnalyticsRetention(
  db: Database,
  retentionDays: number,
  now: Date = new Date(),
): Promise<{ deleted: number }> {
  const cutoff = addDays(utcDayOf(now), -retentionDays);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('analytics_events.retention'))`);
    await tx.execute(sql`
      insert into analytics_daily_rollups (day, visitors, page_views, tool_views)
      select (occurred_at at time zone 'UTC')::date,
        count(distinct visitor_id)::int,
        (count(*) filter (where name = 'page_view'))::int,
        (count(*) filter (where name = 'tool_view'))::int
      from analytics_events
      where occurred_at < ${`${cutoff}T00:00:00.000Z`}::timestamptz
      group by 1
      on conflict (day) do nothing`);
    const [row] = await queryRows<{ deleted: number }>(
      tx,
      sql`
      with gone as (
        delete from analytics_events
        where occurred_at < ${`${cutoff}T00:00:00.000Z`}::timestamptz
        returning 1
      )
      select count(*)::int as deleted from gone`,
    );
    return { deleted: row!.deleted };
  });
}

/**
 * Runs retention now and every RETENTION_EVERY_MS until `stop`; `idle` waits for a run in
 * progress. A failed run is logged and the next day's run tries again.
 */
export function startAnalyticsRetention({
  db,
  retentionDays,
  logger,
  now = () => new Date(),
}: {
  db: Database;
  retentionDays: number;
  logger: Logger;
  now?: () => Date;
}): { idle: () => Promise<void>; stop: () => Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    // The run's time is read when it is due, not when an earlier run lets it start.
    const at = now();
    running = running.then(async () => {
      try {
        const { deleted } = await applyAnalyticsRetention(db, retentionDays, at);
        if (deleted > 0) logger.info({ deleted }, "old analytics events rolled up");
      } catch (error) {
        logger.error({ err: error }, "analytics retention failed");
      }
    });
  };
  run();
  const timer = setInterval(run, RETENTION_EVERY_MS);
  timer.unref();
  return {
    idle: () => running,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
