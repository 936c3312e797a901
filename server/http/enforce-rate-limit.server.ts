import type express from "express";
import { waitInMinutes } from "~/lib/wait-in-minutes";
import type { Application } from "../boot.server";
import { AppError } from "../core/errors.server";
import type { RateDecision, RateRule } from "../rate-limit/consume-rate-limit.server";

/**
 * What a refused person reads: "in a moment" is true of a rule whose window is a minute at most
 * (likes, views); a longer one (the account deletion's 15 minutes) says its wait in minutes.
 */
function rateLimitMessage(rule: RateRule, retryAfterSeconds: number): string {
  if (rule.window <= 60) return "Too many requests. Please try again in a moment.";
  return `Too many attempts. Try again in ${waitInMinutes(retryAfterSeconds)}.`;
}

/**
 * DESIGN.md 8: one step of the database rate limit `key`; past it the request ends with 429 and
 * Retry-After.
 */
export async function enforceRateLimit(
  app: Application,
  res: express.Response,
  key: string,
  rule: RateRule,
): Promise<void> {
  refuseWhenLimited(res, rule, await app.services.limitRate(key, rule));
}

/** Ends the request with 429 and Retry-After when a step of `rule` was refused. */
export function refuseWhenLimited(
  res: express.Response,
  rule: RateRule,
  decision: RateDecision,
): void {
  if (decision.allowed) return;
  res.setHeader("Retry-After", String(decision.retryAfter));
  throw new AppError("RATE_LIMITED", rateLimitMessage(rule, decision.retryAfter));
}
