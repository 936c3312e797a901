import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.server";
import { newsletterSubscribers } from "#server/db/schema";

/** What an unsubscribe link's page shows: its button, or that it is done; null: no such link. */
type NewsletterMembership = "subscribed" | "unsubscribed";

export async function getNewsletterMembership(
  db: Database,
  unsubscribeToken: string,
): Promise<NewsletterMembership | null> {
  const [row] = await db
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, unsubscribeToken))
    .limit(1);
  if (!row) return null;
  return row.status === "unsubscribed" ? "unsubscribed" : "subscribed";
}

/**
 * And RFC 8058: the token of every newsletter mail unsubscribes its recipient, as often as
 * it is used (the first time counts). A confirmation link still in the inbox stops working, so
 * only a new request and its confirmation subscribe the address again. False for an unknown token.
 */
export async function unsubscribeFromNewsletter(
  db: Database,
  unsubscribeToken: string,
  now: Date = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(newsletterSubscribers)
    .set({
      status: "unsubscribed",
      unsubscribedAt: sql`case when ${newsletterSubscribers.status} = 'unsubscribed' then ${newsletterSubscribers.unsubscribedAt} else ${now.toISOString()}::timestamptz end`,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      updatedAt: now,
    })
    .where(eq(newsletterSubscribers.unsubscribeToken, unsubscribeToken))
    .returning({ email: newsletterSubscribers.email });
  return rows.length > 0;
}
