import type { Database } from "../../db/client.server";
import type { Mailer } from "../../mail/mailer.server";
import type { NewsletterSignup } from "~/lib/newsletter";
import { subscribeToNewsletter } from "./subscribe-to-newsletter.server";

/** The newsletter form and its optional embedded sign-up page. */
export function createNewsletterServices({
  db,
  embedUrl,
}: {
  db: Database;
  /** NEWSLETTER_EMBED_URL, when the newsletter is hosted elsewhere. */
  embedUrl: string | undefined;
  mailer: Mailer;
  /** APP_URL: the base of the links in the mail. */
  appUrl: string;
}) {
  return {
    getNewsletterEmbedUrl: () => embedUrl ?? null,
    subscribeToNewsletter: (signup: NewsletterSignup, clientAddress: string) =>
      subscribeToNewsletter(db, signup, clientAddress),
  };
}
