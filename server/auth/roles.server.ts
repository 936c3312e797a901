export interface RoleFacts {
  email: string;
  emailVerified: boolean;
  role: string;
  /** The account signs in with a password. */
  hasPassword: boolean;
  /** When that password was last set through a mailed reset link, if ever. */
  passwordResetAt: Date | null;
}

/**
 * Admin: a verified user whose stored role is admin (`npm run admin`), or whose email is in
 * ADMIN_EMAILS once the mailbox's owner is proven to hold the account. Without that proof, whoever
 * signed up first with a listed address (and set its password) would become admin the moment the
 * real owner clicks the verification link. Proof: the account has no password (Google only), or
 * its password was set through a reset link. Read on every request, so changes apply at once.
 */
export function holdsAdminRole(user: RoleFacts, adminEmails: readonly string[]): boolean {
  if (!user.emailVerified) return false;
  if (user.role === "admin") return true;
  const isListed = adminEmails.includes(user.email.toLowerCase());
  return isListed && (!user.hasPassword || user.passwordResetAt !== null);
}
