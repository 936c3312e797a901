import type { Mail } from "./mailer.server";

// The mails the product sends, each as plain text and HTML with the same words.

const PRODUCT = "Business AI Tools Directory";

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

interface Letter {
  to: string;
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote: string;
}

function compose({ to, subject, paragraphs, action, footnote }: Letter): Mail {
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    footnote,
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

/** Sent instead of a second account, so that sign-up never reveals who has an account. */
export function existingAccountMail(to: string, appUrl: string): Mail {
  return compose({
    to,
    subject: "You already have an account",
    paragraphs: [
      `Someone tried to create an account with this email address, but you already have one. Sign in with your password or with Google; if you have forgotten your password, use "Forgot password?" in the sign-in dialog.`,
    ],
    action: { label: "Open the directory", url: appUrl },
    footnote: "If this was not you, nothing has changed and you can ignore this mail.",
  });
}
