import { sql } from "drizzle-orm";
import type { LikeState } from "~/lib/api/contract";
import type { Database } from "../../db/client.server";
import { queryRows } from "../../db/query-rows.server";
import { notifyLive } from "../../live/live-events.server";

/**
 * spec 7 likeTool / unlikeTool: sets whether a person likes an online tool. One transaction: the
 * first statement locks the tool's row, so concurrent changes to a tool queue there; the second
 * (whose snapshot is taken after the lock, so it sees every change committed before) changes the
 * like row only if the state really changes and moves likes_total by that change; when something
 * changed, the live event is queued (delivered on commit). Repeats are no-ops; concurrent
 * requests are counted exactly. Null for an unknown or offline tool.
 */
export async function setToolLike(
  db: Database,
  { userId, toolId, isLiked }: { userId: string; toolId: string; isLiked: boolean },
): Promise<LikeState | null> {
  const change = isLiked
    ? sql`insert into tool_likes (user_id, tool_id, is_active)
          select ${userId}, id, true from tool
          on conflict (user_id, tool_id) do update set is_active = true, updated_at = now()
            where tool_likes.is_active = false
          returning 1`
    : sql`update tool_likes set is_active = false, updated_at = now()
          where user_id = ${userId} and tool_id = (select id from tool) and is_active
          returning 1`;
  const step = isLiked ? 1 : -1;
  return db.transaction(async (tx) => {
    const locked = await queryRows(
      tx,
      sql`select id from tools where id = ${toolId} and status = 'online' for no key update`,
    );
    if (locked.length === 0) return null;
    const rows = await queryRows<{ likes_total: number; changed: number }>(
      tx,
      sql`
    with tool as (select ${toolId}::text as id),
    changed as (${change}),
    updated as (
      update tools
      set likes_total = greatest(likes_total + ${step} * (select count(*) from changed), 0)
      where id = (select id from tool)
      returning likes_total, (select count(*) from changed) as changed
    )
    select likes_total, changed from updated`,
    );
    const row = rows[0]!;
    const likesTotal = Number(row.likes_total);
    if (Number(row.changed) > 0) {
      await notifyLive(tx, { type: "like", toolId, likesTotal, userId, isLiked });
    }
    return { likesTotal, isLiked };
  });
}
