import { createHash, randomBytes } from "node:crypto";

/** A fresh link token: 32 random bytes, base64url (newsletterTokenSchema's shape). */
export function createNewsletterToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * What the database keeps of a confirmation token: its sha256, so that a leaked copy of the table
 * confirms nobody.
 */
export function hashNewsletterToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
