import type { NewsletterSignup } from "~/lib/newsletter";
import type { Database } from "../../db/client.server";
import { newsletterSubscribers } from "../../db/schema";

/**
 * Adds a subscriber; subscribing twice is the same as once. An address that unsubscribed stays
 * unsubscribed: a form anyone can fill in must not sign someone up again.
 */
export async function subscribeToNewsletter(db: Database, signup: NewsletterSignup): Promise<void> {
  await db.insert(newsletterSubscribers).values({ email: signup.email }).onConflictDoNothing();
}
