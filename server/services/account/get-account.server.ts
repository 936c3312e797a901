import { and, eq, gt } from "drizzle-orm";
import type { ToolCard } from "~/lib/tool";
import type { CatalogueSnapshot } from "#server/snapshot/snapshot.server";
import type { Database } from "#server/db/client.server";
import { authAccounts, authSessions, userProfiles } from "#server/db/schema";

export interface AccountOverview {
  createdAt: string;
  /** Sign-in methods: "credential" (email and password) and "google". */
  signInMethods: string[];
  otherSessions: number;
  /** The liked tools that are online, most recently liked first. */
  likedTools: ToolCard[];
}

/**
 * What /account shows beyond the viewer: profile dates, sign-in methods, sessions, and the cards
 * of the liked tools the page's data already read (latest liked first).
 */
export async function getAccount(
  db: Database,
  snapshot: CatalogueSnapshot,
  userId: string,
  sessionToken: string | null,
  likedToolIds: readonly string[],
): Promise<AccountOverview> {
  const [profile, accounts, sessions] = await Promise.all([
    db.query.userProfiles.findFirst({ where: eq(userProfiles.userId, userId) }),
    db
      .select({ providerId: authAccounts.providerId })
      .from(authAccounts)
      .where(eq(authAccounts.userId, userId)),
    db
      .select({ token: authSessions.token })
      .from(authSessions)
      .where(and(eq(authSessions.userId, userId), gt(authSessions.expiresAt, new Date()))),
  ]);
  return {
    createdAt: (profile?.createdAt ?? new Date()).toISOString(),
    signInMethods: accounts.map((account) => account.providerId).sort(),
    otherSessions: sessions.filter((session) => session.token !== sessionToken).length,
    likedTools: likedToolIds.flatMap((id) => snapshot.byId.get(id) ?? []),
  };
}
