import { sql } from "drizzle-orm";
import { utcDayOf } from "~/lib/utc-days";
import type { Transaction } from "#server/db/client.server";

/** Events of one batch the server refused, by reason (analytics_dropped_events.reason). */
export interface DroppedCounts {
  over_limit: number;
  unknown_tool: number;
  repeat_view: number;
}

/** Adds a batch's dropped events to its UTC day's counts: one upsert per reason with any. */
export async function recordDroppedEvents(tx: Transaction, dropped: DroppedCounts, now: Date) {
  const day = utcDayOf(now);
  for (const [reason, count] of Object.entries(dropped)) {
    if (count === 0) continue;
    await tx.execute(sql`
      insert into analytics_dropped_events (day, reason, count)
      values (${day}::date, ${reason}, ${count})
      on conflict (day, reason)
      do update set count = analytics_dropped_events.count + excluded.count`);
  }
}
