import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
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

/**
 * The statement of one step, prepared once per database: a named statement is planned once per
 * connection, which matters for a limit checked on every like.
 */
const stepStatements = new WeakMap<Database, ReturnType<typeof prepareStep>>();

function prepareStep(db: Database) {
  const now = sql.placeholder("now");
  const windowStart = sql.placeholder("windowStart");
  const isNewWindow = sql`${authRateLimits.lastRequest} <= ${windowStart}`;
  return db
    .insert(authRateLimits)
    .values({ id: sql.placeholder("key"), key: sql.placeholder("key"), count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: authRateLimits.key,
      set: {
        count: sql`case when ${isNewWindow} then 1 else ${authRateLimits.count} + 1 end`,
        lastRequest: sql`case when ${isNewWindow} then ${now} else ${authRateLimits.lastRequest} end`,
      },
    })
    .returning({ count: authRateLimits.count, lastRequest: authRateLimits.lastRequest })
    .prepare("consume_rate_limit");
}

async function consumeOnce(
  db: Database,
  key: string,
  rule: RateRule,
  now: number,
): Promise<RateDecision> {
  let step = stepStatements.get(db);
  if (!step) stepStatements.set(db, (step = prepareStep(db)));
  const [row] = await step.execute({ key, now, windowStart: now - rule.window * 1000 });
  const startedAt = Number(row!.lastRequest);
  return {
    allowed: row!.count <= rule.max,
    retryAfter: Math.max(1, Math.ceil((startedAt + rule.window * 1000 - now) / 1000)),
  };
}
