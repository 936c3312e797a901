import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { addDays, utcDayOf } from "~/lib/utc-days";
import type { Database } from "#server/db/client.server";
import { queryRows } from "#server/db/query-rows.server";

// A visitor id counts one browser for one UTC day and cannot be followed past it. It is
// a hash of the day's random salt with the client's network and user agent; the salt is deleted
// the day after next, and from then on no one (us included) can recompute that day's ids.

/**
 * The salt of `day`, creating it when this is the day's first visitor: insert-if-absent then read,
 * so servers that race for a new day all end with the one salt that won. Salts older than
 * yesterday are deleted at the same time.
 */
export async function daySaltOf(db: Database, now: Date): Promise<string> {
  const day = utcDayOf(now);
  const yesterday = addDays(day, -1);
  await db.execute(sql`
    with expired as (delete from analytics_salts where day < ${yesterday})
    insert into analytics_salts (day, salt)
    values (${day}, ${randomBytes(32).toString("hex")})
    on conflict (day) do nothing`);
  // A statement of its own: it sees the salt of a server that won the race and committed since.
  const [row] = await queryRows<{ salt: string }>(
    db,
    sql`select salt from analytics_salts where day = ${day}`,
  );
  return row!.salt;
}

/** The salts in memory: one read of the database per day and server, not one per batch. */
export function createSaltKeeper(db: Database) {
  let kept: { day: string; salt: Promise<string> } | null = null;
  return (now: Date): Promise<string> => {
    const day = utcDayOf(now);
    if (kept?.day !== day) {
      const salt = daySaltOf(db, now);
      kept = { day, salt };
      salt.catch(() => {
        if (kept?.salt === salt) kept = null;
      });
    }
    return kept.salt;
  };
}

/** One browser's id for the salt's day: 32 hex characters. */
export function visitorIdOf(salt: string, clientKey: string, userAgent: string): string {
  return createHash("sha256")
    .update(`${salt}\n${clientKey}\n${userAgent}`)
    .digest("hex")
    .slice(0, 32);
}

/**
 * What the analytics rate limits count a client by (auth_rate_limits keeps its keys): a hash of
 * its key with the day's salt, so that no address is stored there either.
 */
export function clientTokenOf(salt: string, clientKey: string): string {
  return createHash("sha256")
    .update(`${salt}\nrate limit\n${clientKey}`)
    .digest("hex")
    .slice(0, 32);
}
