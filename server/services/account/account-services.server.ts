import {
  findUnconfirmedAccount,
  maskEmail,
  readConfirmationToken,
} from "#server/auth/email-confirmation.server";
import { findPendingSignUp, pendingTokenOf } from "#server/auth/pending-sign-up.server";
import type { SnapshotKeeper } from "#server/snapshot/snapshot-keeper.server";
import type { Database } from "#server/db/client.server";
import { deleteOwnAccount } from "./delete-own-account.server";
import { getAccount } from "./get-account.server";

/** The signed-in person's own account, and a browser's sign-up still waiting for its email. */
export function createAccountServices({
  db,
  snapshotKeeper,
  secret,
}: {
  db: Database;
  snapshotKeeper: SnapshotKeeper;
  /** The auth secret, which signs verification links. */
  secret: string;
}) {
  return {
    /** The address a browser's pending sign-up waits on (decision 010), from its Cookie header. */
    async readPendingSignUp(cookieHeader: string | null) {
      const pending = await findPendingSignUp(db, pendingTokenOf(cookieHeader));
      return pending ? { email: pending.email } : null;
    },
    /**
     * The address a verification link confirms, masked for the page that asks before confirming
     * (decision 022); null when the link is altered, expired or spent.
     */
    async readEmailConfirmation(token: string) {
      const claim = readConfirmationToken(secret, token);
      const account = claim && (await findUnconfirmedAccount(db, claim));
      return account ? { email: account.email, maskedEmail: maskEmail(account.email) } : null;
    },
    getAccount: (userId: string, sessionToken: string, likedToolIds: readonly string[]) =>
      getAccount(db, snapshotKeeper.snapshot, userId, sessionToken, likedToolIds),
    deleteAccount: (userId: string, confirmation: { password?: string; confirm?: string }) =>
      deleteOwnAccount(db, userId, confirmation),
  };
}
