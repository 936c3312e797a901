import type { Database } from "#server/db/client.server";
import type { Logger } from "#server/core/logger.server";
import type { Mail, Mailer } from "#server/mail/mailer.server";
import type { NewsletterSignup } from "~/lib/newsletter-schemas";
import {
  confirmNewsletterSubscription,
  isNewsletterConfirmationLive,
} from "./confirm-newsletter-subscription.server";
import { exportNewsletterSubscribers } from "./export-newsletter-subscribers.server";
import { subscribeToNewsletter, type NewsletterMailing } from "./subscribe-to-newsletter.server";
import {
  getNewsletterMembership,
  unsubscribeFromNewsletter,
} from "./unsubscribe-from-newsletter.server";

/** The newsletter (double opt-in, one-click unsubscribe) or its embedded sign-up page. */
export function createNewsletterServices({
  db,
  embedUrl,
  mailer,
  appUrl,
  logger,
}: {
  db: Database;
  /** NEWSLETTER_EMBED_URL, when the newsletter is hosted elsewhere. */
  embedUrl: string | undefined;
  mailer: Mailer;
  /** APP_URL: the base of the links in the mail. */
  appUrl: string;
  logger: Logger;
}) {
  const mailing: NewsletterMailing = {
    appUrl,
    sendMail: (mail: Mail) => {
      mailer
        .send(mail)
        .catch((error: unknown) => logger.error({ err: error }, "newsletter mail failed"));
    },
  };
  return {
    getNewsletterEmbedUrl: () => embedUrl ?? null,
    subscribeToNewsletter: (signup: NewsletterSignup, clientAddress: string) =>
      subscribeToNewsletter(db, signup, clientAddress, mailing),
    isNewsletterConfirmationLive: (token: string) => isNewsletterConfirmationLive(db, token),
    confirmNewsletterSubscription: (token: string) =>
      confirmNewsletterSubscription(db, token, mailing),
    getNewsletterMembership: (unsubscribeToken: string) =>
      getNewsletterMembership(db, unsubscribeToken),
    unsubscribeFromNewsletter: (unsubscribeToken: string) =>
      unsubscribeFromNewsletter(db, unsubscribeToken),
    exportNewsletterSubscribers: () => exportNewsletterSubscribers(db),
  };
}
