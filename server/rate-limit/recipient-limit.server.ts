import type { Database } from "../db/client.server";
import { consumeRateLimit, type RateDecision, type RateRule } from "./consume-rate-limit.server";

/**
 * Mail one address may be sent per hour by the endpoints that send mail, counted per
 * target address whether or not it has an account, so that many clients together cannot flood
 * one inbox. Each purpose has its own budget, so that sign-ups sent to an address cannot hold
 * back the reset mail its owner asks for.
 */
export const MAIL_PER_RECIPIENT: RateRule = { window: 3600, max: 5 };

/**
 * "sign-up": the verification or "already have an account" mail of a sign-up. "reset": a
 * password reset link. "verification": a verification link sent again. "newsletter": a
 * newsletter sign-up of the address.
 */
export type MailPurpose = "sign-up" | "reset" | "verification" | "newsletter";

/** Takes one mail from `email`'s hourly allowance for `purpose` (the address lower-cased). */
export function consumeRecipientAllowance(
  db: Database,
  email: string,
  purpose: MailPurpose,
): Promise<RateDecision> {
  return consumeRateLimit(
    db,
    `mail-to:${purpose}:${email.trim().toLowerCase()}`,
    MAIL_PER_RECIPIENT,
  );
}
