import type { Database } from "../db/client.server";
import { consumeRateLimit, type RateDecision, type RateRule } from "./consume-rate-limit.server";

/**
 * Issue 14: mail one address may be sent per hour by the endpoints that send mail (sign-up,
 * password reset, verification and its resend), counted per target address whether or not it
 * has an account, so that many clients together cannot flood one inbox.
 */
export const MAIL_PER_RECIPIENT: RateRule = { window: 3600, max: 5 };

/** Takes one mail from `email`'s hourly allowance (the address compared lower-cased). */
export function consumeRecipientAllowance(db: Database, email: string): Promise<RateDecision> {
  return consumeRateLimit(db, `mail-to:${email.trim().toLowerCase()}`, MAIL_PER_RECIPIENT);
}
