import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Viewer } from "~/lib/profile";
import type { Database } from "../db/client.server";
import { authAccounts, authSessions, authUsers, userProfiles } from "../db/schema";
import type { Auth } from "./auth.server";
import { publicNameOf } from "./public-name.server";
import { holdsAdminRole } from "./roles.server";

export interface SignedIn {
  viewer: Viewer;
  /** The session's token, to tell this device from the person's others. */
  sessionToken: string;
}

/** The value of cookie `name` in a Cookie header (the first one, URI-decoded), else null. */
export function cookieValueOf(header: string, name: string): string | null {
  for (const pair of header.split(";")) {
    const equals = pair.indexOf("=");
    if (equals < 0 || pair.slice(0, equals).trim() !== name) continue;
    let value = pair.slice(equals + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/**
 * The session token of a cookie value Better Auth signed (`<token>.<base64 HMAC-SHA256 of the
 * token under the auth secret>`), or null when the signature does not hold.
 */
export function signedTokenOf(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const given = Buffer.from(signature, "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * Reads the person signed in on a request, fresh from the database on every request (sessions are
 * never cached, so a sign-out or a role change holds from the next request): one query for the
 * session, its user and profile. Better Auth itself reads the session only when it has work to
 * do: an expired session to end, or one due for its daily extension.
 */
export function createViewerReader(auth: Auth, db: Database, adminEmails: readonly string[]) {
  const settings = auth.$context.then((context) => ({
    cookieName: context.authCookies.sessionToken.name,
    secret: context.secret,
    lifetimeMs: context.sessionConfig.expiresIn * 1000,
    extendAfterMs: context.sessionConfig.updateAge * 1000,
  }));
  // Prepared once: a named statement is planned once per connection, not on every request.
  const readSession = db
    .select({
      expiresAt: authSessions.expiresAt,
      id: authUsers.id,
      email: authUsers.email,
      emailVerified: authUsers.emailVerified,
      role: authUsers.role,
      passwordResetAt: authUsers.passwordResetAt,
      hasPassword: sql<boolean>`exists (select 1 from ${authAccounts} where ${authAccounts.userId} = ${authUsers.id} and ${authAccounts.providerId} = 'credential')`,
      name: authUsers.name,
      image: authUsers.image,
      username: userProfiles.username,
      displayName: userProfiles.displayName,
      photoUrl: userProfiles.photoUrl,
    })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, authUsers.id))
    .where(eq(authSessions.token, sql.placeholder("token")))
    .prepare("read_signed_in");
  return async function readSignedIn(headers: Headers): Promise<SignedIn | null> {
    const cookie = headers.get("cookie");
    if (!cookie?.includes("session_token")) return null;
    const { cookieName, secret, lifetimeMs, extendAfterMs } = await settings;
    const value = cookieValueOf(cookie, cookieName);
    const token = value === null ? null : signedTokenOf(value, secret);
    if (!token) return null;
    const [row] = await readSession.execute({ token });
    if (!row) return null;
    const expiresAt = row.expiresAt.getTime();
    const now = Date.now();
    if (expiresAt <= now || expiresAt - lifetimeMs + extendAfterMs <= now) {
      const session = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
      if (session?.user.id !== row.id) return null;
    }
    const viewer: Viewer = {
      id: row.id,
      email: row.email,
      emailVerified: row.emailVerified,
      username: row.username ?? publicNameOf(row.name, row.id),
      displayName: row.displayName ?? (row.name.trim() || null),
      photoUrl: row.photoUrl ?? row.image,
      isAdmin: holdsAdminRole(row, adminEmails),
    };
    return { viewer, sessionToken: token };
  };
}

export type ViewerReader = ReturnType<typeof createViewerReader>;
