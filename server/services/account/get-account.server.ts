import { and, desc, eq, gt } from "drizzle-orm";
import type { ToolCard } from "~/lib/tool";
import type { CatalogueSnapshot } from "../../catalogue/snapshot.server";
import type { Database } from "../../db/client.server";
import { authAccounts, authSessions, toolLikes, userProfiles } from "../../db/schema";

export interface AccountOverview {
  createdAt: string;
  /** Sign-in methods: "credential" (email and password) and "google". */
  signInMethods: string[];
  otherSessions: number;
  /** The liked tools that are online, most recently liked first. */
  likedTools: ToolCard[];
}

/** What /account shows beyond the viewer: profile dates, sign-in methods, sessions, favourites. */
export async function getAccount(
  db: Database,
  snapshot: CatalogueSnapshot,
  userId: string,
  sessionToken: string | null,
): Promise<AccountOverview> {
  const [profile, accounts, sessions, likes] = await Promise.all([
    db.query.userProfiles.findFirst({ where: eq(userProfiles.userId, userId) }),
    db
      .select({ providerId: authAccounts.providerId })
      .from(authAccounts)
      .where(eq(authAccounts.userId, userId)),
    db
      .select({ token: authSessions.token })
      .from(authSessions)
      .where(and(eq(authSessions.userId, userId), gt(authSessions.expiresAt, new Date()))),
    db
      .select({ toolId: toolLikes.toolId })
      .from(toolLikes)
      .where(and(eq(toolLikes.userId, userId), eq(toolLikes.isActive, true)))
      .orderBy(desc(toolLikes.updatedAt)),
  ]);
  return {
    createdAt: (profile?.createdAt ?? new Date()).toISOString(),
    signInMethods: accounts.map((account) => account.providerId).sort(),
    otherSessions: sessions.filter((session) => session.token !== sessionToken).length,
    likedTools: likes.flatMap(({ toolId }) => snapshot.byId.get(toolId) ?? []),
  };
}
