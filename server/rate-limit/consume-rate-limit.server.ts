import { sql, type SQL } from "drizzle-orm";
import type { Placeholder } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { queryRows } from "../db/query-rows.server";
import { authRateLimits } from "../db/schema";

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
  let prepared = preparedSteps.get(db);
  if (!prepared) preparedSteps.set(db, (prepared = prepareStep(db)));
  const step = prepared;
  const [row] = await retryingNewKeyRace(() =>
    step.execute({ key, now, windowStart: windowStartOf(rule, now) }),
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
  const step = stepOf(db, { key, now, windowStart: windowStartOf(rule, now) });
  const [row] = await retryingNewKeyRace(() =>
    queryRows<{ count: number; last_request: string | number; value: T | null }>(
      db,
      sql`
      with step as ${step}
      select count, last_request, case when count <= ${rule.max} then (${guarded}) end as value
      from step`,
    ),
  );
  return {
    decision: decisionOf({ count: row!.count, lastRequest: row!.last_request }, rule, now),
    value: row!.value,
  };
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

function decisionOf(
  row: { count: number; lastRequest: string | number },
  rule: RateRule,
  now: number,
): RateDecision {
  const startedAt = Number(row.lastRequest);
  return {
    allowed: row.count <= rule.max,
    retryAfter: Math.max(1, Math.ceil((startedAt + rule.window * 1000 - now) / 1000)),
  };
}

type Value<T> = T | Placeholder;

/** The upsert of one step: a new window starts at 1, else the count goes up by one. */
function stepOf(
  db: Database,
  { key, now, windowStart }: { key: Value<string>; now: Value<number>; windowStart: Value<number> },
) {
  const isNewWindow = sql`${authRateLimits.lastRequest} <= ${windowStart}`;
  return db
    .insert(authRateLimits)
    .values({ id: key, key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: authRateLimits.key,
      set: {
        count: sql`case when ${isNewWindow} then 1 else ${authRateLimits.count} + 1 end`,
        lastRequest: sql`case when ${isNewWindow} then ${now} else ${authRateLimits.lastRequest} end`,
      },
    })
    .returning({ count: authRateLimits.count, lastRequest: authRateLimits.lastRequest });
}

/**
 * The step alone, prepared once per database: a named statement is planned once per connection,
 * which matters for a limit checked on every request of a kind (views).
 */
const preparedSteps = new WeakMap<Database, ReturnType<typeof prepareStep>>();

function prepareStep(db: Database) {
  return stepOf(db, {
    key: sql.placeholder("key"),
    now: sql.placeholder("now"),
    windowStart: sql.placeholder("windowStart"),
  }).prepare("consume_rate_limit");
}
