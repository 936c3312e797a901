import { findPendingSignUp, pendingTokenOf } from "../../auth/pending-sign-up.server";
import type { SnapshotKeeper } from "../../snapshot/snapshot-keeper.server";
import type { Database } from "../../db/client.server";
import { deleteOwnAccount } from "./delete-own-account.server";
import { getAccount } from "./get-account.server";

/** The signed-in person's own account, and a browser's sign-up still waiting for its email. */
export function createAccountServices({
  db,
  snapshotKeeper,
}: {
  db: Database;
  snapshotKeeper: SnapshotKeeper;
}) {
  return {
    /** The address a browser's pending sign-up waits on (decision 010), from its Cookie header. */
    async readPendingSignUp(cookieHeader: string | null) {
      const pending = await findPendingSignUp(db, pendingTokenOf(cookieHeader));
      return pending ? { email: pending.email } : null;
    },
    getAccount: (userId: string, sessionToken: string, likedToolIds: readonly string[]) =>
      getAccount(db, snapshotKeeper.snapshot, userId, sessionToken, likedToolIds),
    deleteAccount: (userId: string, confirmation: { password?: string; confirm?: string }) =>
      deleteOwnAccount(db, userId, confirmation),
  };
}
