import { createHash, randomBytes } from "node:crypto";

// The tokens of links and cookies that stand for a person (a pending sign-up, a newsletter
// confirmation): only their hash is stored, so a leaked copy of the table opens nothing.

/** A fresh token: 32 random bytes, base64url (43 characters). */
export function createLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a token: its sha256, in hex. */
export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
