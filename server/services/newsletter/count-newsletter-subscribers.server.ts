import { count } from "drizzle-orm";
import type { NewsletterCounts } from "~/lib/api/contract";
import type { Database } from "#server/db/client.server";
import { newsletterSubscribers } from "#server/db/schema";

/** The subscribers in each state: pending confirmation, confirmed ("subscribed"), unsubscribed. */
export async function countNewsletterSubscribers(db: Database): Promise<NewsletterCounts> {
  const rows = await db
    .select({ status: newsletterSubscribers.status, total: count() })
    .from(newsletterSubscribers)
    .groupBy(newsletterSubscribers.status);
  const totalOf = (status: (typeof rows)[number]["status"]) =>
    rows.find((row) => row.status === status)?.total ?? 0;
  return {
    pending: totalOf("pending"),
    confirmed: totalOf("subscribed"),
    unsubscribed: totalOf("unsubscribed"),
  };
}
