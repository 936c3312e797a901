import { Link, useLocation, useNavigate, useRevalidator } from "react-router";
import { useAuthPrompt } from "~/components/auth-prompt";
import { signOut } from "~/lib/auth/auth-client";
import { useViewer } from "~/lib/auth/use-viewer";

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

/**
 * spec 2 Header: signed out, Sign In and Sign Up open the auth dialog in that mode; signed in,
 * My Account and Sign Out.
 */
export function AccountActions({ layout }: AccountActionsProps) {
  const openAuth = useAuthPrompt();
  const viewer = useViewer();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const styles = STYLES[layout];
  const Wrapper = layout === "stacked" ? "li" : "span";

  async function signOutHere() {
    try {
      await signOut();
    } catch (error) {
      // spec 8: a sign-out failure is only logged.
      console.error("Sign-out failed", error);
    }
    if (PRIVATE_PATHS.test(pathname)) await navigate("/");
    await revalidator.revalidate();
  }

  if (viewer) {
    return (
      <>
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
