import type express from "express";
import type { Application } from "../boot.server";
import { AppError } from "../errors.server";
import type { RateRule } from "../rate-limit/consume-rate-limit.server";

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
  throw new AppError("RATE_LIMITED", "Too many requests. Please try again in a moment.");
}
