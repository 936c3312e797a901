import { waitInMinutes } from "~/lib/wait-in-minutes";
import type { Database } from "../db/client.server";
import { addressKeyOf } from "./client-key.server";
import { consumeRateLimit, type RateDecision, type RateRule } from "./consume-rate-limit.server";

/**
 * Every check of a signed-in person's password (verify, change, delete) spends from one budget per
 * account and one per network, as strict as sign-in's (10 per 5 minutes). Per account, so that a
 * stolen session cannot keep guessing from fresh addresses; per network, so that one network
 * cannot guess through many sessions. Only someone holding the account's session can spend its
 * budget, so this is no lockout a stranger could cause.
 */
export const PASSWORD_CHECK_RULE: RateRule = { window: 300, max: 10 };

/**
 * Takes one password check from the account's and the network's budgets (every attempt counts,
 * before the password is read, so parallel guesses cannot slip through); refused when either is
 * spent, with the longer wait.
 */
export async function consumePasswordCheck(
  db: Database,
  userId: string,
  clientIp: string,
): Promise<RateDecision> {
  const account = await consumeRateLimit(db, `password-check:${userId}`, PASSWORD_CHECK_RULE);
  const network = await consumeRateLimit(
    db,
    `password-check-net:${addressKeyOf(clientIp)}`,
    PASSWORD_CHECK_RULE,
  );
  const refused = [account, network].filter((decision) => !decision.allowed);
  if (refused.length === 0) return { allowed: true, retryAfter: 0 };
  return { allowed: false, retryAfter: Math.max(...refused.map((d) => d.retryAfter)) };
}

/** What a refused person reads, the wait in minutes (the account page shows it). */
export function passwordCheckRefusal(retryAfterSeconds: number): string {
  return `Too many password attempts. Try again in ${waitInMinutes(retryAfterSeconds)}.`;
}
