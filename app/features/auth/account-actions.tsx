import { useAuthPrompt } from "~/components/auth-prompt";

interface AccountActionsProps {
  layout: "inline" | "stacked";
}

const STYLES = {
  inline: {
    signIn: "rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-950",
    signUp: "rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800",
  },
  stacked: {
    signIn: "block w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-700",
    signUp:
      "mt-1 block w-full rounded-lg bg-brand-700 px-3 py-2 text-left text-sm font-medium text-white",
  },
};

/** spec 2 Header: signed out, Sign In and Sign Up open the auth dialog in that mode. */
export function AccountActions({ layout }: AccountActionsProps) {
  const openAuth = useAuthPrompt();
  const styles = STYLES[layout];
  const Wrapper = layout === "stacked" ? "li" : "span";
  return (
    <>
      <Wrapper className="contents">
        <button type="button" onClick={() => openAuth("signin")} className={styles.signIn}>
          Sign In
        </button>
      </Wrapper>
      <Wrapper className="contents">
        <button type="button" onClick={() => openAuth("signup")} className={styles.signUp}>
          Sign Up
        </button>
      </Wrapper>
    </>
  );
}
