/**
 * spec 6 Admin: a verified user whose role is admin (granted with `npm run admin`) or whose email
 * is in ADMIN_EMAILS. Read from the database on every request, so a change applies at once.
 */
export function holdsAdminRole(
  user: { email: string; emailVerified: boolean; role: string },
  adminEmails: readonly string[],
): boolean {
  if (!user.emailVerified) return false;
  return user.role === "admin" || adminEmails.includes(user.email.toLowerCase());
}
