// spec 3 User profile and Auth user: pure rules shared by the server and the pages.

/** spec 3: the display name, else the part of the email before the @, else empty. */
export function usernameOf(
  displayName: string | null | undefined,
  email: string | null | undefined,
) {
  const name = displayName?.trim();
  if (name) return name;
  const at = email?.indexOf("@") ?? -1;
  return email && at > 0 ? email.slice(0, at) : "";
}

/** The signed-in person as pages see them. */
export interface Viewer {
  id: string;
  email: string;
  emailVerified: boolean;
  username: string;
  displayName: string | null;
  photoUrl: string | null;
  isAdmin: boolean;
}
