import { and, eq, gt } from "drizzle-orm";
import type { Database } from "#server/db/client.server";
import { newsletterSubscribers } from "#server/db/schema";
import { newsletterWelcomeMail } from "#server/mail/templates.server";
import type { NewsletterMailing } from "./subscribe-to-newsletter.server";
import { hashLinkToken } from "#server/auth/link-token.server";

/** The row a confirmation token may still confirm: pending, and the link not yet expired. */
function isLiveToken(token: string, now: Date) {
  return and(
    eq(newsletterSubscribers.confirmTokenHash, hashLinkToken(token)),
    eq(newsletterSubscribers.status, "pending"),
    gt(newsletterSubscribers.confirmExpiresAt, now),
  );
}

/** Whether a confirmation link can still confirm (what its page shows before the button). */
export async function isNewsletterConfirmationLive(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(isLiveToken(token, now))
    .limit(1);
  return row !== undefined;
}

/**
 * The Confirm button of the mailed link. One update both checks and uses the token, so
 * two presses at once confirm once; the welcome mail goes only to the one that confirmed. False for
 * an unknown, used or expired token.
 */
export async function confirmNewsletterSubscription(
  db: Database,
  token: string,
  { appUrl, sendMail, now = new Date() }: NewsletterMailing,
): Promise<boolean> {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({
      status: "subscribed",
      confirmedAt: now,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      unsubscribedAt: null,
      updatedAt: now,
    })
    .where(isLiveToken(token, now))
    .returning({
      email: newsletterSubscribers.email,
      unsubscribeToken: newsletterSubscribers.unsubscribeToken,
    });
  if (!row) return false;
  if (row.unsubscribeToken) {
    sendMail(newsletterWelcomeMail(row.email, { appUrl, unsubscribeToken: row.unsubscribeToken }));
  }
  return true;
}
