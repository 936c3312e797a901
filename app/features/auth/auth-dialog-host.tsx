import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { AUTH_DIALOG_TITLES, AuthPromptProvider, type AuthMode } from "~/components/auth-prompt";
import { Dialog } from "~/components/dialog";
import { useToast } from "~/components/toast";
import { useViewer } from "~/client/auth/use-viewer";
import { SIGNED_IN_TOAST_MS } from "~/lib/constants";
import { onPopupResult } from "./google-sign-in";

// The dialogs (and their form rules) load when first opened: most visitors never sign in, and the
// home page's JavaScript budget (DESIGN.md 9) has no room for them.
const AuthDialog = lazy(() =>
  import("./auth-dialog").then((module) => ({ default: module.AuthDialog })),
);
const ResetPasswordDialog = lazy(() =>
  import("./reset-password-dialog").then((module) => ({ default: module.ResetPasswordDialog })),
);

type Open = AuthMode | "reset" | null;

const GOOGLE_FAILED = "Google sign-in did not complete. Please try again.";

/** The parameters a failed Google redirect comes back with, and those a link opens a dialog by. */
const GOOGLE_FAILURE_PARAMS = ["authError", "error"];
const LINK_PARAMS = ["signIn", "forgotPassword"];

/**
 * Holds the page's auth dialogs and lets any control open them (useAuthPrompt). Forgot password
 * closes the main dialog and opens the reset dialog; Back to sign in returns to it.
 */
export function AuthDialogHost({ children }: { children: React.ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  // A Google sign-in that went by redirect (popups blocked) and failed comes back with authError.
  const cameBackFromGoogleFailing = searchParams.get("authError") === "google";
  const [open, setOpen] = useState<Open>(cameBackFromGoogleFailing ? "signin" : null);
  const [initialError, setInitialError] = useState<string | null>(
    cameBackFromGoogleFailing ? GOOGLE_FAILED : null,
  );
  // Each opening mounts the dialogs afresh, so no earlier error or success view lingers.
  const [opening, setOpening] = useState(cameBackFromGoogleFailing ? 1 : 0);

  // A link can ask for a dialog: ?signIn=1 (a sign-up verified on another device), or
  // ?forgotPassword=1 (the mail to the owner of an account someone else started).
  const linkedDialog =
    searchParams.get("forgotPassword") === "1"
      ? "reset"
      : searchParams.get("signIn") === "1"
        ? "signin"
        : null;
  const [linkSeen, setLinkSeen] = useState<Open>(null);
  const isSignedIn = useViewer() !== null;
  if (linkedDialog !== linkSeen) {
    setLinkSeen(linkedDialog);
    // A sign-in link reached by a browser that is signed in by now (the verification link was
    // opened in another tab of it) has nothing left to ask.
    if (linkedDialog && !(linkedDialog === "signin" && isSignedIn)) {
      setOpen(linkedDialog);
      setInitialError(null);
      setOpening((count) => count + 1);
    }
  }
  // The address keeps none of the parameters that opened a dialog, so a reload does not reopen it.
  useEffect(() => {
    if (!cameBackFromGoogleFailing && !linkedDialog) return;
    const rest = new URLSearchParams(searchParams);
    if (cameBackFromGoogleFailing) for (const name of GOOGLE_FAILURE_PARAMS) rest.delete(name);
    if (linkedDialog) for (const name of LINK_PARAMS) rest.delete(name);
    setSearchParams(rest, { replace: true, preventScrollReset: true });
  }, [cameBackFromGoogleFailing, linkedDialog, searchParams, setSearchParams]);

  // Where focus was before the first dialog opened; it goes back there when the last one closes.
  const returnFocus = useRef<HTMLElement | null>(null);
  const show = useCallback(
    (next: Open, error: string | null = null) => {
      if (open === null && next !== null && document.activeElement instanceof HTMLElement) {
        returnFocus.current = document.activeElement;
      }
      if (next === null && open !== null) {
        const target = returnFocus.current;
        requestAnimationFrame(() => {
          if (target?.isConnected) target.focus();
          else document.getElementById("main")?.focus();
        });
      }
      const isFresh = open === null || (open === "reset") !== (next === "reset") || error !== null;
      if (next !== null && isFresh) setOpening((count) => count + 1);
      setOpen(next);
      setInitialError(error);
    },
    [open],
  );

  // The session appeared while the sign-in or sign-up dialog was open (signed in or verified in
  // another tab, which this one learns of when the root's data is read again): the dialog closes.
  // Only on that change: a page whose session ended elsewhere opens the dialog before it knows.
  const wasSignedIn = useRef(isSignedIn);
  useEffect(() => {
    if (isSignedIn && !wasSignedIn.current && (open === "signin" || open === "signup")) show(null);
    wasSignedIn.current = isSignedIn;
  }, [isSignedIn, open, show]);

  // The Google popup reports here, so its result counts even if the dialog was closed meanwhile.
  const revalidator = useRevalidator();
  const toast = useToast();
  useEffect(
    () =>
      onPopupResult((result) => {
        if (!result.ok) {
          show("signin", GOOGLE_FAILED);
          return;
        }
        show(null);
        void revalidator.revalidate();
        toast({ message: "You're signed in.", durationMs: SIGNED_IN_TOAST_MS });
      }),
    [revalidator, show, toast],
  );

  const openMain = useCallback((mode: AuthMode | null) => show(mode), [show]);
  const authMode = open === "signin" || open === "signup" ? open : null;
  return (
    <AuthPromptProvider value={openMain}>
      {children}
      {opening > 0 && (
        <Suspense fallback={open && <LoadingDialog open={open} onClose={() => show(null)} />}>
          <AuthDialog
            key={`auth-${opening}`}
            mode={authMode}
            initialError={initialError}
            onModeChange={openMain}
            onForgotPassword={() => show("reset")}
          />
          <ResetPasswordDialog
            key={`reset-${opening}`}
            isOpen={open === "reset"}
            onClose={() => show(null)}
            onBackToSignIn={() => openMain("signin")}
          />
        </Suspense>
      )}
    </AuthPromptProvider>
  );
}

/**
 * What the first opening shows while the dialog's code arrives: its title and frame at about the
 * form's height, so the dialog neither waits for the network to appear nor jumps when it fills.
 */
function LoadingDialog({ open, onClose }: { open: AuthMode | "reset"; onClose: () => void }) {
  return (
    <Dialog isOpen onClose={onClose} title={AUTH_DIALOG_TITLES[open]}>
      <p role="status" className="flex min-h-72 items-center justify-center text-slate-600">
        Loading...
      </p>
    </Dialog>
  );
}
