import { sql } from "drizzle-orm";
import type { LikedState } from "~/lib/api/contract";
import type { Database } from "#server/db/client.server";
import { listLikedToolIds } from "./list-liked-tool-ids.server";

/**
 * The id of the latest live event handed out by the shared sequence (0 before the first), so a
 * page can say which events it already knows (decision 008).
 */
export async function readLiveEventId(db: Database): Promise<number> {
  const [row] = await db
    .select({ lastValue: sql<string | number>`last_value`, isCalled: sql<boolean>`is_called` })
    .from(sql`live_event_ids`);
  return row?.isCalled ? Number(row.lastValue) : 0;
}

/**
 * What a signed-in page starts from: the tools the person likes and the live event they
 * were read at. The event id is read first, so every change the list misses has a later id and
 * reaches the page through the live stream opened from it.
 */
export async function getLikedState(db: Database, userId: string): Promise<LikedState> {
  const liveEventId = await readLiveEventId(db);
  const likedToolIds = await listLikedToolIds(db, userId);
  return { likedToolIds, liveEventId };
}
