import { sql } from "drizzle-orm";
import { CONFIRM_LINK_HOURS, NEWSLETTER_CONSENT_TEXT } from "~/lib/newsletter";
import type { NewsletterSignup } from "~/lib/newsletter-schemas";
import type { Database } from "#server/db/client.server";
import { newsletterSubscribers } from "#server/db/schema";
import type { Mail } from "#server/mail/mailer.server";
import { newsletterConfirmationMail } from "#server/mail/templates.server";
import { addressKeyOf } from "#server/rate-limit/client-key.server";
import { consumeRateLimit, type RateRule } from "#server/rate-limit/consume-rate-limit.server";
import {
  consumeRecipientAllowance,
  MAIL_PER_RECIPIENT,
} from "#server/rate-limit/recipient-limit.server";
import { createLinkToken, hashLinkToken } from "#server/auth/link-token.server";

/** Sign-ups per client (its IPv6 /64) and per address, each per hour. */
export const NEWSLETTER_CLIENT_RATE: RateRule = { window: 3600, max: 20 };
export const NEWSLETTER_ADDRESS_RATE: RateRule = MAIL_PER_RECIPIENT;

/**
 * "sent" whatever the address's state, so that the form never tells who is subscribed; refused
 * past a rate limit with the seconds until it may be tried again (the answer's Retry-After).
 */
export type NewsletterOutcome = "sent" | { retryAfterSeconds: number };

export interface NewsletterMailing {
  appUrl: string;
  /** Hands a mail over without waiting for it (the answer must not wait on SMTP either way). */
  sendMail: (mail: Mail) => void;
  now?: Date;
}

/**
 * Double opt-in: a request makes the address pending (or keeps it pending), stores the
 * consent text and time, and mails a new confirmation link; the link of an earlier request stops
 * working. A confirmed subscriber stays as they are and is mailed nothing. An address that
 * unsubscribed is pending again, so it is subscribed only once its owner confirms. Past either
 * rate limit nothing is written and nothing is mailed.
 */
export async function subscribeToNewsletter(
  db: Database,
  signup: NewsletterSignup,
  clientAddress: string,
  { appUrl, sendMail, now = new Date() }: NewsletterMailing,
): Promise<NewsletterOutcome> {
  const perClient = await consumeRateLimit(
    db,
    `newsletter:${addressKeyOf(clientAddress)}`,
    NEWSLETTER_CLIENT_RATE,
  );
  if (!perClient.allowed) return { retryAfterSeconds: perClient.retryAfter };
  const perAddress = await consumeRecipientAllowance(db, signup.email, "newsletter");
  if (!perAddress.allowed) return { retryAfterSeconds: perAddress.retryAfter };

  const confirmToken = createLinkToken();
  const pending = {
    status: "pending" as const,
    confirmTokenHash: hashLinkToken(confirmToken),
    confirmExpiresAt: new Date(now.getTime() + CONFIRM_LINK_HOURS * 3600_000),
    consentText: NEWSLETTER_CONSENT_TEXT,
    consentAt: now,
    updatedAt: now,
  };
  const [row] = await db
    .insert(newsletterSubscribers)
    .values({
      email: signup.email,
      unsubscribeToken: createLinkToken(),
      createdAt: now,
      ...pending,
    })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: {
        ...pending,
        // The unsubscribe link of earlier mails keeps working.
        unsubscribeToken: sql`coalesce(${newsletterSubscribers.unsubscribeToken}, excluded.unsubscribe_token)`,
      },
      setWhere: sql`${newsletterSubscribers.status} <> 'subscribed'`,
    })
    .returning({ unsubscribeToken: newsletterSubscribers.unsubscribeToken });
  // No row back: the address is confirmed already, and the answer must not say so.
  if (!row?.unsubscribeToken) return "sent";

  const confirmUrl = new URL(`/newsletter/confirm?token=${confirmToken}`, appUrl).href;
  sendMail(
    newsletterConfirmationMail(signup.email, confirmUrl, {
      appUrl,
      unsubscribeToken: row.unsubscribeToken,
    }),
  );
  return "sent";
}
