import { eq } from "drizzle-orm";
import { countCategories } from "~/lib/category-stats";
import { SnapshotKeeper } from "#server/snapshot/snapshot-keeper.server";
import type { Database, DatabaseHandle } from "#server/db/client.server";
import { tools } from "#server/db/schema";
import { LIVE_CHANNEL, parseLiveEvent } from "#server/live/live-events.server";

/** A catalogue that follows the database's live events, as an app server's does. */
export async function followSnapshot(database: DatabaseHandle) {
  const keeper = new SnapshotKeeper(database.db);
  await keeper.reload();
  const stop = await database.listen(LIVE_CHANNEL, (payload) => {
    const event = parseLiveEvent(payload);
    if (event) keeper.apply(event);
  });
  return { keeper, stop };
}

/** Category statistics counted straight from the table, to compare a snapshot's with. */
export async function onlineStatsOf(db: Database) {
  const rows = await db
    .select({ category: tools.category, subCategory: tools.subCategory })
    .from(tools)
    .where(eq(tools.status, "online"));
  return countCategories(rows);
}
