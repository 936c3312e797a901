import { ApiError, request } from "../api/request";

// The browser's calls to Better Auth through the API client's one
// request function: no client library in the bundle. Failures throw an ApiError carrying the
// server's message.

const AUTH = "/api/auth";

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

const SIGNED_OUT = "You are signed out (perhaps in another tab). Sign in again to continue.";

async function call<T>(path: string, body?: unknown): Promise<T> {
  try {
    return await request<T>(`${AUTH}${path}`, {
      method: body === undefined ? "GET" : "POST",
      json: body,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && path !== "/sign-in/email") {
      throw new ApiError(401, error.code, SIGNED_OUT);
    }
    throw error;
  }
}

/** The provider's message, or 'An error occurred' when the failure is not an Error. */
export function authErrorMessage(error: unknown): string {
  return error instanceof Error ? error.message : "An error occurred";
}

/**
 * Asks for an account. The answer is the same whether or not the address had one (decision 010):
 * nobody is signed in yet, and /verify-email waits for the mailed link.
 */
export async function signUp(form: { email: string; password: string; displayName?: string }) {
  await call("/sign-up/email", {
    email: form.email,
    password: form.password,
    name: form.displayName ?? "",
    callbackURL: "/verify-email",
  });
}

/**
 * Whether this browser's pending sign-up is verified, and whether this browser is signed in: only
 * a browser that opened the mailed link is (decision 010).
 */
export function checkPendingSignUp() {
  return call<{ verified: boolean; signedIn: boolean }>("/pending-sign-up/status", {});
}

export function resendPendingVerification() {
  return call("/pending-sign-up/resend", {});
}

export function signIn(form: { email: string; password: string }) {
  return call("/sign-in/email", { email: form.email, password: form.password });
}

export function signOut() {
  return call("/sign-out", {});
}

export function requestPasswordReset(email: string) {
  return call("/request-password-reset", { email, redirectTo: "/reset-password" });
}

export function resetPassword(token: string, newPassword: string) {
  return call("/reset-password", { token, newPassword });
}

/**
 * Confirms the address a mailed link names (decision 022); `password` replaces the one the account
 * was started with when the link was opened outside the browser that signed up.
 */
export function confirmEmail(token: string, password: string) {
  return call<{ status: true; passwordReplaced: boolean }>("/confirm-email", { token, password });
}

export function sendVerificationEmail(email: string) {
  return call("/send-verification-email", { email, callbackURL: "/verify-email" });
}

/** Reload user: the session's user as the server has it now. */
export async function reloadUser(): Promise<SessionUser | null> {
  const session = await call<{ user: SessionUser } | null>("/get-session?disableCookieCache=true");
  return session?.user ?? null;
}

export function updateDisplayName(displayName: string) {
  return call("/update-user", { name: displayName });
}

export function changePassword(form: {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}) {
  return call("/change-password", form);
}

export function revokeOtherSessions() {
  return call("/revoke-other-sessions", {});
}

/** The address of Google's consent screen; `returnTo` is where the flow ends. */
export async function googleSignInUrl(returnTo: string): Promise<string> {
  const errorTo = `${returnTo}${returnTo.includes("?") ? "&" : "?"}authError=google`;
  const result = await call<{ url: string }>("/sign-in/social", {
    provider: "google",
    callbackURL: returnTo,
    errorCallbackURL: errorTo,
    disableRedirect: true,
  });
  return result.url;
}
