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

/** The tokens of confirmation and unsubscribe links: 32 random bytes, base64url. */
export const newsletterTokenSchema = z.string().regex(/^[\w-]{43}$/, "This link is not valid.");
