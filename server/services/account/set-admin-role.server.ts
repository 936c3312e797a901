import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.server";
import { authUsers } from "#server/db/schema";

export type RoleChange = "granted" | "revoked" | "no-such-user";

/** `npm run admin -- grant|revoke <email>`: sets the stored role; it applies on the next request. */
export async function setAdminRole(
  db: Database,
  email: string,
  isAdmin: boolean,
): Promise<RoleChange> {
  const updated = await db
    .update(authUsers)
    .set({ role: isAdmin ? "admin" : "user", updatedAt: new Date() })
    .where(eq(authUsers.email, email.trim().toLowerCase()))
    .returning({ id: authUsers.id });
  if (updated.length === 0) return "no-such-user";
  return isAdmin ? "granted" : "revoked";
}
