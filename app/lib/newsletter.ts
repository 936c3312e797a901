import { z } from "zod";

export const newsletterSignupSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Enter your email address.")
    .max(254, "That email address is too long.")
    .pipe(z.email("Enter a valid email address.")),
});

export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>;

/** Shown in the form past the sign-up rate limits (the words of the auth rate limits). */
export const NEWSLETTER_RATE_LIMITED = "Too many requests. Please try again later.";

/** Issue 19: what a subscriber agrees to; stored with the time they asked. */
export const NEWSLETTER_CONSENT_TEXT =
  "Send me the weekly Business AI Tools newsletter. I can unsubscribe at any time with the link in every email.";

/** Issue 19: a confirmation link works once, for this long. */
export const CONFIRM_LINK_HOURS = 48;

/** The tokens of confirmation and unsubscribe links: 32 random bytes, base64url. */
export const newsletterTokenSchema = z.string().regex(/^[\w-]{43}$/, "This link is not valid.");
