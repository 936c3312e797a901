import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { LIVE_CHANNEL } from "../../live/live-events.server";

export interface LikeState {
  likesTotal: number;
  isLiked: boolean;
}

/**
 * spec 7 likeTool / unlikeTool: sets whether a person likes an online tool. A transaction of two
 * statements: the first locks the tool's row, so concurrent changes to a tool queue there; the
 * second (whose snapshot is taken after the lock, so it sees every change committed before) changes
 * the like row only if the state really changes, moves likes_total by that change and, when
 * something changed, queues the live event (delivered on commit). Repeats are no-ops; concurrent
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
    const locked = await tx.execute(
      sql`select id from tools where id = ${toolId} and status = 'online' for no key update`,
    );
    if ((locked as unknown as { rows: unknown[] }).rows.length === 0) return null;
    const result = await tx.execute<{ likes_total: number }>(sql`
    with tool as (select ${toolId}::text as id),
    changed as (${change}),
    updated as (
      update tools
      set likes_total = greatest(likes_total + ${step} * (select count(*) from changed), 0)
      where id = (select id from tool)
      returning likes_total, (select count(*) from changed) as changed
    )
    select likes_total,
      case when changed > 0 then pg_notify(${LIVE_CHANNEL}, jsonb_build_object(
        'id', nextval('live_event_ids'), 'type', 'like', 'toolId', ${toolId}::text,
        'likesTotal', likes_total, 'userId', ${userId}::text, 'isLiked', ${isLiked}::boolean
      )::text) end as notified
    from updated`);
    const row = (result as unknown as { rows: { likes_total: number }[] }).rows[0]!;
    return { likesTotal: Number(row.likes_total), isLiked };
  });
}
