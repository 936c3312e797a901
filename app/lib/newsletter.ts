// The newsletter's words and limits, zod-free: the sign-up form's page carries no schema library
// (decision 006). The schemas are in newsletter-schemas.ts.

/** Shown in the form past the sign-up rate limits (the words of the auth rate limits). */
export const NEWSLETTER_RATE_LIMITED = "Too many requests. Please try again later.";

/** What a subscriber agrees to; stored with the time they asked. */
export const NEWSLETTER_CONSENT_TEXT =
  "Send me the weekly Business AI Tools newsletter. I can unsubscribe at any time with the link in every email.";

/** A confirmation link works once, for this long. */
export const CONFIRM_LINK_HOURS = 48;
