import type { Account } from "./fuzz-server";

// The suite's own requests (signing in, reading listings), made as a browser would make them.
// Each gets an address of its own in X-Forwarded-For (the server trusts its loopback proxy), so
// the fuzzing's hundreds of auth requests cannot rate-limit them.

let nextAddress = 1;
export function freshClientAddress(): string {
  const n = nextAddress++;
  return `198.51.${100 + Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/** Signs in with email and password; returns the session cookie ("name=value"). */
export async function signIn(appUrl: string, account: Account): Promise<string> {
  const response = await fetch(`${appUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: appUrl,
      "X-Forwarded-For": freshClientAddress(),
    },
    body: JSON.stringify({ email: account.email, password: account.password }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .find((pair) => /^(__Secure-)?better-auth\.session_token=/.test(pair));
  if (response.status !== 200 || !cookie) {
    throw new Error(
      `Sign-in of ${account.email} answered ${response.status}: ${text.slice(0, 300)}`,
    );
  }
  return cookie;
}

/** The signed-in email of a session cookie, or null when the session is gone. */
export async function sessionEmail(appUrl: string, cookie: string): Promise<string | null> {
  const response = await fetch(`${appUrl}/api/auth/get-session`, {
    headers: { Cookie: cookie, "X-Forwarded-For": freshClientAddress() },
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json().catch(() => null)) as { user?: { email?: string } } | null;
  return body?.user?.email ?? null;
}

export async function getJson<T>(
  appUrl: string,
  pathAndQuery: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${appUrl}${pathAndQuery}`, {
    ...init,
    headers: { "X-Forwarded-For": freshClientAddress(), ...init.headers },
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    body = text as T;
  }
  return { status: response.status, body };
}
