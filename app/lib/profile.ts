// User profile and Auth user, as the server and the pages share them.

/**
 * The signed-in person as pages see them. `username` is the name others see: the display name,
 * else a name made up for the account (server/auth/public-name.server.ts), never the email's.
 */
export interface Viewer {
  id: string;
  email: string;
  emailVerified: boolean;
  username: string;
  displayName: string | null;
  photoUrl: string | null;
  isAdmin: boolean;
}
