import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { queryRows } from "../db/query-rows.server";

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
  // Two first requests for a new key may both try to insert it (the table has two unique
  // columns, and ON CONFLICT can name only one): the loser retries and finds the row.
  for (let attempt = 1; ; attempt++) {
    try {
      return await consumeOnce(db, key, rule, now);
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

async function consumeOnce(
  db: Database,
  key: string,
  rule: RateRule,
  now: number,
): Promise<RateDecision> {
  const windowStart = now - rule.window * 1000;
  const rows = await queryRows<{ count: number; last_request: string | number }>(
    db,
    sql`
    insert into auth_rate_limits (id, key, count, last_request)
    values (${key}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when auth_rate_limits.last_request <= ${windowStart} then 1
                   else auth_rate_limits.count + 1 end,
      last_request = case when auth_rate_limits.last_request <= ${windowStart} then ${now}
                          else auth_rate_limits.last_request end
    returning count, last_request`,
  );
  const row = rows[0]!;
  const startedAt = Number(row.last_request);
  return {
    allowed: row.count <= rule.max,
    retryAfter: Math.max(1, Math.ceil((startedAt + rule.window * 1000 - now) / 1000)),
  };
}
