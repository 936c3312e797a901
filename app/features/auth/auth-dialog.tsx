import type { AuthMode } from "~/components/auth-prompt";
import { Dialog } from "~/components/dialog";

const TITLES: Record<AuthMode, string> = {
  signin: "Sign in to your account",
  signup: "Create your account",
};

interface AuthDialogProps {
  mode: AuthMode | null;
  onModeChange: (mode: AuthMode | null) => void;
}

/** spec 2 Modals: the sign-in / sign-up dialog with its switch link. */
export function AuthDialog({ mode, onModeChange }: AuthDialogProps) {
  const shownMode = mode ?? "signin";
  const otherMode = shownMode === "signin" ? "signup" : "signin";
  return (
    <Dialog isOpen={mode !== null} onClose={() => onModeChange(null)} title={TITLES[shownMode]}>
      <p className="text-slate-600">
        Accounts are opening soon. Until then you can browse, search and compare every tool in the
        directory without signing in.
      </p>
      <p className="mt-4 text-sm text-slate-600">
        {shownMode === "signin" ? "Don't have an account? " : "Already have an account? "}
        <button
          type="button"
          className="font-medium text-brand-700 underline underline-offset-2"
          onClick={() => onModeChange(otherMode)}
        >
          {otherMode === "signup" ? "Sign up" : "Sign in"}
        </button>
      </p>
    </Dialog>
  );
}
