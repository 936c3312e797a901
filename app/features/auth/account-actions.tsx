import { Link, useLocation } from "react-router";
import { useAuthPrompt } from "~/components/auth-prompt";
import { useApiWrite } from "~/client/api/use-api-write";
import { useViewer } from "~/client/auth/use-viewer";

interface AccountActionsProps {
  layout: "inline" | "stacked";
}

const STYLES = {
  inline: {
    secondary: "rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-950",
    primary: "rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800",
  },
  stacked: {
    secondary: "block w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-700",
    primary:
      "mt-1 block w-full rounded-lg bg-brand-700 px-3 py-2 text-left text-sm font-medium text-white",
  },
};

/** Pages only signed-in people may see; signing out there goes home. */
const PRIVATE_PATHS = /^\/(account|admin|verify-email)(\/|$)/;

/** Signs out: a failure is only logged, and the page moves on as if it had worked. */
async function signOutOrLog() {
  try {
    // The auth calls load when used: every page shows this, few people sign out.
    const { signOut } = await import("~/client/auth/auth-client");
    await signOut();
  } catch (error) {
    console.error("Sign-out failed", error);
  }
}

/**
 * Header: signed out, Sign In and Sign Up open the auth dialog in that mode; signed in,
 * My Account and Sign Out, after Admin for admins (their way into the admin area).
 */
export function AccountActions({ layout }: AccountActionsProps) {
  const openAuth = useAuthPrompt();
  const viewer = useViewer();
  const { pathname } = useLocation();
  const signOutWrite = useApiWrite(signOutOrLog);
  const styles = STYLES[layout];
  const Wrapper = layout === "stacked" ? "li" : "span";

  function signOutHere() {
    return signOutWrite.run(undefined, () =>
      PRIVATE_PATHS.test(pathname) ? { to: "/" } : undefined,
    );
  }

  if (viewer) {
    return (
      <>
        {viewer.isAdmin && (
          <Wrapper className="contents">
            <Link to="/admin/tools" className={styles.secondary}>
              Admin
            </Link>
          </Wrapper>
        )}
        <Wrapper className="contents">
          <Link to="/account" className={styles.secondary}>
            My Account
          </Link>
        </Wrapper>
        <Wrapper className="contents">
          <button type="button" onClick={() => void signOutHere()} className={styles.primary}>
            Sign Out
          </button>
        </Wrapper>
      </>
    );
  }
  return (
    <>
      <Wrapper className="contents">
        <button type="button" onClick={() => openAuth("signin")} className={styles.secondary}>
          Sign In
        </button>
      </Wrapper>
      <Wrapper className="contents">
        <button type="button" onClick={() => openAuth("signup")} className={styles.primary}>
          Sign Up
        </button>
      </Wrapper>
    </>
  );
}
