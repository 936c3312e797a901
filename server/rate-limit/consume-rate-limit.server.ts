import { sql, type SQL } from "drizzle-orm";
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
  const [row] = await retryingNewKeyRace(() =>
    queryRows<StepRow>(db, stepOf(key, now, windowStartOf(rule, now))),
  );
  return decisionOf(row!, rule, now);
}

/**
 * One step of the limit `key` and, in the same statement, `guarded`: a scalar SQL value computed
 * only when the step allows it (its value is null when refused). One round trip and one
 * transaction for a limited write, such as a like: a refused step writes nothing else, and a
 * write that fails takes its step back.
 */
export async function consumeRateLimitAnd<T>(
  db: Database,
  key: string,
  rule: RateRule,
  guarded: SQL,
  now: number = Date.now(),
): Promise<{ decision: RateDecision; value: T | null }> {
  const [row] = await retryingNewKeyRace(() =>
    queryRows<StepRow & { value: T | null }>(
      db,
      sql`
      with step as (${stepOf(key, now, windowStartOf(rule, now))})
      select count, last_request, case when count <= ${rule.max} then (${guarded}) end as value
      from step`,
    ),
  );
  return { decision: decisionOf(row!, rule, now), value: row!.value };
}

/**
 * Two first requests for a new key may both try to insert it (the table has two unique columns,
 * and ON CONFLICT can name only one): the loser's statement fails whole, and it runs again to
 * find the row.
 */
async function retryingNewKeyRace<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
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

const windowStartOf = (rule: RateRule, now: number) => now - rule.window * 1000;

interface StepRow extends Record<string, unknown> {
  count: number;
  last_request: string | number;
}

function decisionOf(row: StepRow, rule: RateRule, now: number): RateDecision {
  const startedAt = Number(row.last_request);
  return {
    allowed: row.count <= rule.max,
    retryAfter: Math.max(1, Math.ceil((startedAt + rule.window * 1000 - now) / 1000)),
  };
}

/**
 * The upsert of one step, returning the window's count and start: a new window starts at 1, else
 * the count goes up by one. Raw SQL: a query builder costs more CPU than the statement itself.
 */
function stepOf(key: string, now: number, windowStart: number): SQL {
  return sql`
    insert into auth_rate_limits (id, key, count, last_request)
    values (${key}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when auth_rate_limits.last_request <= ${windowStart} then 1
                   else auth_rate_limits.count + 1 end,
      last_request = case when auth_rate_limits.last_request <= ${windowStart} then ${now}
                          else auth_rate_limits.last_request end
    returning count, last_request`;
}
