import { sql, type SQL } from "drizzle-orm";
import type { LikeState } from "~/lib/api/contract";
import type { Database } from "#server/db/client.server";
import { queryRows } from "#server/db/query-rows.server";
import { LIVE_CHANNEL, type LikeEvent } from "#server/live/live-events.server";
import {
  consumeRateLimitAnd,
  type RateDecision,
  type RateRule,
} from "#server/rate-limit/consume-rate-limit.server";

interface LikeChange {
  userId: string;
  toolId: string;
  isLiked: boolean;
}

/**
 * likeTool / unlikeTool: sets whether a person likes an online tool, in one round trip to
 * the database function set_tool_like (migration 0007), one transaction: the tool's row is locked
 * first, so concurrent changes to a tool queue there and each sees every change committed before
 * it; the like row changes only if the state really changes, likes_total moves by that change,
 * and a real change queues its live event (delivered on commit). Repeats are no-ops; concurrent
 * requests are counted exactly. Holding the busiest row's lock for no network round trip is what
 * lets a crowd like one tool quickly. Null for an unknown or offline tool.
 */
export async function setToolLike(db: Database, change: LikeChange): Promise<LikeState | null> {
  const [row] = await queryRows<{ new_total: number }>(db, likeCall(change));
  return row ? { likesTotal: Number(row.new_total), isLiked: change.isLiked } : null;
}

/**
 * setToolLike behind one step of a rate limit, in the same statement (DESIGN.md 8: likes are
 * limited per person): one round trip for both. A refused step changes no like (state null).
 */
export async function setToolLikeWithinLimit(
  db: Database,
  change: LikeChange,
  limit: { key: string; rule: RateRule },
): Promise<{ decision: RateDecision; state: LikeState | null }> {
  const { decision, value } = await consumeRateLimitAnd<number>(
    db,
    limit.key,
    limit.rule,
    likeCall(change),
  );
  const state = value === null ? null : { likesTotal: Number(value), isLiked: change.isLiked };
  return { decision, state };
}

/** The call of set_tool_like: the new likes_total, or no row for a tool that is not online. */
function likeCall({ userId, toolId, isLiked }: LikeChange): SQL {
  // The function adds the event's id and likesTotal.
  const event: Omit<LikeEvent, "id" | "likesTotal"> = { type: "like", toolId, userId, isLiked };
  return sql`select new_total from set_tool_like(${userId}, ${toolId}, ${isLiked}, ${LIVE_CHANNEL}, ${JSON.stringify(event)}::jsonb)`;
}
