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
