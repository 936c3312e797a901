import type { Database } from "#server/db/client.server";
import { AppError } from "#server/core/errors.server";
import { DELETE_CONFIRM_WORD } from "~/lib/account-forms";
import { checkAccountPassword } from "./check-account-password.server";
import { deleteAccount } from "./delete-account.server";

/**
 * A person deletes their own account, once they confirmed it: with their password, or,
 * for an account without one (Google only), by typing the confirm word.
 */
export async function deleteOwnAccount(
  db: Database,
  userId: string,
  confirmation: { password?: string; confirm?: string },
): Promise<void> {
  const check = await checkAccountPassword(db, userId, confirmation.password);
  if (check === "wrong") {
    throw new AppError("INVALID", "Your password is needed to delete the account.", {
      password: "That password is not right.",
    });
  }
  if (
    check === "no-password" &&
    confirmation.confirm?.trim().toLowerCase() !== DELETE_CONFIRM_WORD
  ) {
    throw new AppError("INVALID", "Confirm that the account should be deleted.", {
      confirm: `Type "${DELETE_CONFIRM_WORD}" to confirm.`,
    });
  }
  await deleteAccount(db, userId);
}
