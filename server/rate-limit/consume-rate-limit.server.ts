import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";

export interface RateRule {
  /** Seconds. */
  window: number;
  max: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window resets, when refused. */
  retryAfter: number;
}

/**
 * DESIGN.md 8: one step of a fixed-window counter, atomic in one statement and stored in the
 * database, so every app server shares it. Rows live beside Better Auth's in auth_rate_limits,
 * under keys of their own ("likes:<user>", "views:<address>").
 */
export async function consumeRateLimit(
  db: Database,
  key: string,
  rule: RateRule,
  now: number = Date.now(),
): Promise<RateDecision> {
  const windowStart = now - rule.window * 1000;
  const result = await db.execute<{ count: number; last_request: string | number }>(sql`
    insert into auth_rate_limits (id, key, count, last_request)
    values (${key}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when auth_rate_limits.last_request <= ${windowStart} then 1
                   else auth_rate_limits.count + 1 end,
      last_request = case when auth_rate_limits.last_request <= ${windowStart} then ${now}
                          else auth_rate_limits.last_request end
    returning count, last_request`);
  const row = (result as unknown as { rows: { count: number; last_request: string | number }[] })
    .rows[0]!;
  const startedAt = Number(row.last_request);
  return {
    allowed: row.count <= rule.max,
    retryAfter: Math.max(1, Math.ceil((startedAt + rule.window * 1000 - now) / 1000)),
  };
}
