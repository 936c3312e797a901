import { eq, sql } from "drizzle-orm";
import type { Viewer } from "~/lib/profile";
import { usernameOf } from "~/lib/profile";
import type { Database } from "../db/client.server";
import { authAccounts, authUsers, userProfiles } from "../db/schema";
import type { Auth } from "./auth.server";
import { holdsAdminRole } from "./roles.server";

export interface SignedIn {
  viewer: Viewer;
  /** The session's token, to tell this device from the person's others. */
  sessionToken: string;
}

/** Reads the person signed in on a request, fresh from the database (sessions are never cached). */
export function createViewerReader(auth: Auth, db: Database, adminEmails: readonly string[]) {
  return async function readSignedIn(headers: Headers): Promise<SignedIn | null> {
    if (!headers.get("cookie")?.includes("session_token")) return null;
    const session = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
    if (!session) return null;
    const [row] = await db
      .select({
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
      .from(authUsers)
      .leftJoin(userProfiles, eq(userProfiles.userId, authUsers.id))
      .where(eq(authUsers.id, session.user.id));
    if (!row) return null;
    const viewer: Viewer = {
      id: row.id,
      email: row.email,
      emailVerified: row.emailVerified,
      username: row.username ?? usernameOf(row.name, row.email),
      displayName: row.displayName ?? (row.name.trim() || null),
      photoUrl: row.photoUrl ?? row.image,
      isAdmin: holdsAdminRole(row, adminEmails),
    };
    return { viewer, sessionToken: session.session.token };
  };
}

export type ViewerReader = ReturnType<typeof createViewerReader>;
