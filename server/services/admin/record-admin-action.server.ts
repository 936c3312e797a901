import type { Transaction } from "#server/db/client.server";
import { adminAudit } from "#server/db/schema";

/** The admin who made a write. */
export interface Actor {
  id: string;
  email: string;
}

export type AdminAction =
  "create" | "update" | "set-status" | "delete" | "moderate-comment" | "set-comment-lock";

/** Every admin write records who did what, in the write's own transaction. */
export async function recordAdminAction(
  tx: Transaction,
  actor: Actor,
  action: AdminAction,
  details: Record<string, unknown>,
): Promise<void> {
  await tx.insert(adminAudit).values({ userId: actor.id, userEmail: actor.email, action, details });
}
