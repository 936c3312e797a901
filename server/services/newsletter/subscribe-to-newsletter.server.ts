import type { NewsletterSignup } from "~/lib/newsletter";
import type { Database } from "../../db/client.server";
import { newsletterSubscribers } from "../../db/schema";
import { addressKeyOf } from "../../rate-limit/client-key.server";
import { consumeRateLimit, type RateRule } from "../../rate-limit/consume-rate-limit.server";
import {
  consumeRecipientAllowance,
  MAIL_PER_RECIPIENT,
} from "../../rate-limit/recipient-limit.server";

/** Issue 14: sign-ups per client (its IPv6 /64) and per address, each per hour. */
export const NEWSLETTER_CLIENT_RATE: RateRule = { window: 3600, max: 20 };
export const NEWSLETTER_ADDRESS_RATE: RateRule = MAIL_PER_RECIPIENT;

export type NewsletterOutcome = "subscribed" | "rate-limited";

/**
 * Adds a subscriber; subscribing twice is the same as once. An address that unsubscribed stays
 * unsubscribed: a form anyone can fill in must not sign someone up again. Past either rate limit
 * nothing is written.
 */
export async function subscribeToNewsletter(
  db: Database,
  signup: NewsletterSignup,
  clientAddress: string,
): Promise<NewsletterOutcome> {
  const perClient = await consumeRateLimit(
    db,
    `newsletter:${addressKeyOf(clientAddress)}`,
    NEWSLETTER_CLIENT_RATE,
  );
  if (!perClient.allowed) return "rate-limited";
  const perAddress = await consumeRecipientAllowance(db, signup.email, "newsletter");
  if (!perAddress.allowed) return "rate-limited";
  await db.insert(newsletterSubscribers).values({ email: signup.email }).onConflictDoNothing();
  return "subscribed";
}
