import { and, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.server";
import { authAccounts } from "#server/db/schema";
import { verifyPassword } from "#server/auth/password.server";

/**
 * Confirms a sensitive step (deleting the account) with the person's password. Accounts that only
 * sign in with Google have none: for them the answer is "no password needed".
 */
export async function checkAccountPassword(
  db: Database,
  userId: string,
  password: string | undefined,
): Promise<"ok" | "wrong" | "no-password"> {
  const account = await db.query.authAccounts.findFirst({
    columns: { password: true },
    where: and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, "credential")),
  });
  if (!account?.password) return "no-password";
  if (!password) return "wrong";
  return (await verifyPassword({ hash: account.password, password })) ? "ok" : "wrong";
}
