import { createLinkToken, hashLinkToken } from "./link-token.server";
import { parseCookies } from "better-auth/cookies";
import { and, eq, gt, lte } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { authUsers, pendingSignUps } from "../db/schema";

// Decision 010: an email sign-up answers the same for a taken and a free address and signs
// nobody in; the browser that signed up holds an opaque cookie until the address is verified.

/** Better Auth's cookie name for it (with `__Secure-` in front on an https site). */
export const PENDING_COOKIE = "pending_sign_up";
const PENDING_COOKIE_NAMES = [
  `better-auth.${PENDING_COOKIE}`,
  `__Secure-better-auth.${PENDING_COOKIE}`,
];

export const PENDING_SIGN_UP_TTL_S = 24 * 3600;

export interface PendingSignUp {
  email: string;
  /** Null when the address already had an account: that sign-up is never reported verified. */
  userId: string | null;
  emailVerified: boolean;
}

/** Records a pending sign-up and returns the token for its cookie (only its hash is stored). */
export async function createPendingSignUp(
  db: Database,
  { email, userId }: { email: string; userId: string | null },
  now = new Date(),
): Promise<string> {
  const token = createLinkToken();
  await db.delete(pendingSignUps).where(lte(pendingSignUps.expiresAt, now));
  await db.insert(pendingSignUps).values({
    tokenHash: hashLinkToken(token),
    email,
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PENDING_SIGN_UP_TTL_S * 1000),
  });
  return token;
}

/**
 * The live pending sign-up a cookie names, with its user's verification, in one query whether or
 * not the address had an account (so neither answer takes longer).
 */
export async function findPendingSignUp(
  db: Database,
  token: string | null | undefined,
): Promise<PendingSignUp | null> {
  if (!token) return null;
  const [row] = await db
    .select({
      email: pendingSignUps.email,
      userId: pendingSignUps.userId,
      emailVerified: authUsers.emailVerified,
    })
    .from(pendingSignUps)
    .leftJoin(authUsers, eq(authUsers.id, pendingSignUps.userId))
    .where(
      and(
        eq(pendingSignUps.tokenHash, hashLinkToken(token)),
        gt(pendingSignUps.expiresAt, new Date()),
      ),
    );
  if (!row) return null;
  return { email: row.email, userId: row.userId, emailVerified: row.emailVerified ?? false };
}

/** Ends a pending sign-up. */
export async function endPendingSignUp(db: Database, token: string): Promise<void> {
  await db.delete(pendingSignUps).where(eq(pendingSignUps.tokenHash, hashLinkToken(token)));
}

/** The pending sign-up token in a Cookie header, under either of its names. */
export function pendingTokenOf(cookieHeader: string | null | undefined): string | null {
  const cookies = parseCookies(cookieHeader ?? "");
  return PENDING_COOKIE_NAMES.map((name) => cookies.get(name)).find(Boolean) ?? null;
}
