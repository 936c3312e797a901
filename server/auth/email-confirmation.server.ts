import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.server";
import { authAccounts, authSessions, authUsers } from "../db/schema";

// Decision 022: a verification link proves that its opener owns the mailbox, and so the whole
// account. Whoever started the account before the owner confirmed it keeps nothing: no password
// they chose, no session.

/** What a verification link's token names: the address, and the account it was sent for. */
export interface ConfirmationClaim {
  email: string;
  userId: string | null;
}

const claimSchema = z.object({
  email: z.email(),
  userId: z.string().optional(),
  // A change-of-address token is not a sign-up confirmation; the site offers no address change.
  updateTo: z.never().optional(),
  exp: z.number(),
});

const decodePart = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));

/**
 * The claim of a verification token Better Auth signed (an HS256 JWT under the auth secret), or
 * null when it is altered, expired or not one.
 */
export function readConfirmationToken(
  secret: string,
  token: string,
  now = Date.now(),
): ConfirmationClaim | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = createHmac("sha256", secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    if (decodePart(header).alg !== "HS256") return null;
    const claim = claimSchema.safeParse(decodePart(payload));
    if (!claim.success || claim.data.exp * 1000 <= now) return null;
    return { email: claim.data.email.toLowerCase(), userId: claim.data.userId ?? null };
  } catch {
    return null;
  }
}

/** An address as a page may show it to whoever holds the link: `g•••@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}

/** The unverified account a claim names, or null (no such account, or already verified). */
export async function findUnconfirmedAccount(db: Database, claim: ConfirmationClaim) {
  const user = await db.query.authUsers.findFirst({
    columns: { id: true, email: true, name: true, emailVerified: true },
    where: eq(authUsers.email, claim.email),
  });
  if (!user || user.emailVerified) return null;
  if (claim.userId && claim.userId !== user.id) return null;
  return user;
}

/**
 * Marks the address verified and ends every session of the account, in one transaction; with a
 * `passwordHash`, it replaces whatever password the account was started with.
 */
export async function confirmOwnership(
  db: Database,
  userId: string,
  passwordHash: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(authUsers)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(eq(authUsers.id, userId));
    if (passwordHash !== null) {
      await tx
        .update(authAccounts)
        .set({ password: passwordHash, updatedAt: new Date() })
        .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, "credential")));
    }
    await tx.delete(authSessions).where(eq(authSessions.userId, userId));
  });
}
