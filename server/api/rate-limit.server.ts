import type express from "express";
import type { Application } from "../boot.server";
import { AppError } from "../errors.server";
import type { RateRule } from "../rate-limit/consume-rate-limit.server";

/**
 * What a refused person reads: "in a moment" is true of a wait under a minute only; a longer
 * wait (the account deletion's 15-minute window) is said in minutes.
 */
export function rateLimitMessage(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 60) return "Too many requests. Please try again in a moment.";
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
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
  const decision = await app.services.limitRate(key, rule);
  if (decision.allowed) return;
  res.setHeader("Retry-After", String(decision.retryAfter));
  throw new AppError("RATE_LIMITED", rateLimitMessage(decision.retryAfter));
}
