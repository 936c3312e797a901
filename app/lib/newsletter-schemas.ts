import { z } from "zod";
import { emailAddress } from "./email-address";

export const newsletterSignupSchema = z.object({ email: emailAddress });

export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>;

/** The tokens of confirmation and unsubscribe links: 32 random bytes, base64url. */
export const newsletterTokenSchema = z.string().regex(/^[\w-]{43}$/, "This link is not valid.");
