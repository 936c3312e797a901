import type { SupportRequest } from "~/lib/support-request-schemas";
import type { Mail } from "./mailer.server";
import { escapeHtml } from "../core/escape-html.server";

// The mails the product sends, each as plain text and HTML with the same words.

const PRODUCT = "Business AI Tools Directory";

interface Letter {
  to: string;
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote: string;
  /** The page that unsubscribes the recipient from the newsletter, linked under the footnote. */
  unsubscribeUrl?: string;
}

function compose({ to, subject, paragraphs, action, footnote, unsubscribeUrl }: Letter): Mail {
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    footnote,
    ...(unsubscribeUrl ? [`Unsubscribe: ${unsubscribeUrl}`] : []),
    `— ${PRODUCT}`,
  ].join("\n\n");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d41b8;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>` +
      `<p style="font-size:13px;color:#475569">Or paste this address into your browser:<br>${escapeHtml(action.url)}</p>`
    : "";
  const html =
    `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px">` +
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>` +
    paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("") +
    button +
    `<p style="font-size:13px;color:#475569">${escapeHtml(footnote)}</p>` +
    (unsubscribeUrl
      ? `<p style="font-size:13px;color:#475569"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#475569">Unsubscribe</a></p>`
      : "") +
    `<p style="font-size:13px;color:#475569">— ${PRODUCT}</p></body></html>`;
  return { to, subject, text, html };
}

export function verificationMail(to: string, url: string): Mail {
  return compose({
    to,
    subject: "Verify your email address",
    paragraphs: [
      `Welcome to the ${PRODUCT}. Please confirm that this is your email address so you can like tools and keep your favourites.`,
    ],
    action: { label: "Verify email", url },
    footnote:
      "The link works for 1 hour; the verification page can send a new one. If you did not create an account, ignore this mail.",
  });
}

export function passwordResetMail(to: string, url: string): Mail {
  return compose({
    to,
    subject: "Reset your password",
    paragraphs: ["Someone asked to reset the password of your account. Choose a new one here."],
    action: { label: "Choose a new password", url },
    footnote:
      "The link works once, for 1 hour. If you did not ask for this, ignore this mail: your password stays as it is.",
  });
}

/**
 * A visitor's implementation-support request, to the operator. Its Reply-To is the visitor, so
 * answering the mail answers them; their words are text here (escaped in the HTML part).
 */
export function supportRequestMail(to: string, request: SupportRequest): Mail {
  const { name, email, company, message } = request;
  const from = company ? `${name} (${email}) from ${company}` : `${name} (${email})`;
  return {
    ...compose({
      to,
      subject: `Implementation support request from ${name}`,
      paragraphs: [
        `${from} asks for implementation support:`,
        ...message.replace(/\r\n?/g, "\n").split(/\n\s*\n/),
      ],
      footnote: `Reply to this mail to answer ${name} at ${email}. Sent from the implementation-support form.`,
    }),
    replyTo: email,
  };
}

/** Where a mail sends someone to ask for a reset link: the site with its reset dialog open. */
export function forgotPasswordUrl(appUrl: string): string {
  return new URL("?forgotPassword=1", appUrl).href;
}

interface ExistingAccount {
  to: string;
  appUrl: string;
  /** Whether the account's address was ever verified. */
  isConfirmed: boolean;
  /** Whether the site offers Google sign-in (GOOGLE_CLIENT_ID set). */
  hasGoogle: boolean;
}

/**
 * Sent instead of a second account, so that sign-up never reveals who has an account. An account
 * never confirmed may have been started by someone else with this address: its owner is told how
 * to take it over (decision 010).
 */
export function existingAccountMail({ to, appUrl, isConfirmed, hasGoogle }: ExistingAccount): Mail {
  const signInWays = hasGoogle ? "with your password or with Google" : "with your password";
  if (isConfirmed) {
    return compose({
      to,
      subject: "You already have an account",
      paragraphs: [
        `Someone tried to create an account with this email address, but you already have one. Sign in ${signInWays}; if you have forgotten your password, use "Forgot password?" in the sign-in dialog.`,
      ],
      action: { label: "Open the directory", url: appUrl },
      footnote: "If this was not you, nothing has changed and you can ignore this mail.",
    });
  }
  return compose({
    to,
    subject: "You already have an account",
    paragraphs: [
      "Someone tried to create an account with this email address. An account for this address was started before but never confirmed.",
      `If you started it, open the verification link we mailed you then, or sign in ${signInWays}.`,
      "If you did not start it, someone else chose its password. Take it over by resetting the password: the reset link is mailed only to this address, and the new password ends every other session of the account.",
    ],
    action: { label: "Reset the password", url: forgotPasswordUrl(appUrl) },
    footnote:
      "Nobody can confirm the account without this mailbox; if you leave it, it stays unconfirmed.",
  });
}

/** The links every newsletter mail carries; the tokens are base64url, safe in a URL as they are. */
export interface NewsletterLinks {
  appUrl: string;
  /** The subscriber's unsubscribe token (the same in every mail). */
  unsubscribeToken: string;
}

/** The page a person opens to unsubscribe, with a button (a link a scanner opens changes nothing). */
export function newsletterUnsubscribePageUrl({
  appUrl,
  unsubscribeToken,
}: NewsletterLinks): string {
  return new URL(`/newsletter/unsubscribe?token=${unsubscribeToken}`, appUrl).href;
}

/**
 * RFC 8058 one-click unsubscribe: the mail provider POSTs "List-Unsubscribe=One-Click" to the URL
 * of List-Unsubscribe, without cookies, whenever the reader presses its own Unsubscribe button.
 */
function newsletterMail(letter: Letter, links: NewsletterLinks): Mail {
  const oneClickUrl = new URL(
    `/api/newsletter/unsubscribe?token=${links.unsubscribeToken}`,
    links.appUrl,
  ).href;
  return {
    ...compose({ ...letter, unsubscribeUrl: newsletterUnsubscribePageUrl(links) }),
    headers: {
      "List-Unsubscribe": `<${oneClickUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

export function newsletterConfirmationMail(
  to: string,
  confirmUrl: string,
  links: NewsletterLinks,
): Mail {
  return newsletterMail(
    {
      to,
      subject: "Confirm your newsletter subscription",
      paragraphs: [
        `Someone, hopefully you, asked to receive the weekly ${PRODUCT} newsletter at this address. Open the link and press Confirm to start receiving it.`,
      ],
      action: { label: "Confirm your subscription", url: confirmUrl },
      footnote:
        "The link works once, for 48 hours. If you did not ask for this, ignore this mail: nothing is sent until the subscription is confirmed.",
    },
    links,
  );
}

export function newsletterWelcomeMail(to: string, links: NewsletterLinks): Mail {
  return newsletterMail(
    {
      to,
      subject: "Welcome to the Business AI Tools newsletter",
      paragraphs: [
        "Your subscription is confirmed. Every week you will receive the new AI tools worth a look, the updates that change how teams work, and one practical guide.",
      ],
      action: { label: "Browse AI tools", url: new URL("/ai-tools", links.appUrl).href },
      footnote: "You can unsubscribe at any time with the link below, in every newsletter mail.",
    },
    links,
  );
}
