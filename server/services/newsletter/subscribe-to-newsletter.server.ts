import { sql } from "drizzle-orm";
import type { NewsletterSignup } from "~/lib/newsletter";
import type { Database } from "../../db/client.server";
import { newsletterSubscribers } from "../../db/schema";

/** Adds or re-activates a subscriber; subscribing twice is the same as once. */
export async function subscribeToNewsletter(db: Database, signup: NewsletterSignup): Promise<void> {
  await db
    .insert(newsletterSubscribers)
    .values({ email: signup.email })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: { status: "subscribed", updatedAt: sql`now()` },
    });
}
