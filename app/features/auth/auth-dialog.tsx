import { useState } from "react";
import { AUTH_DIALOG_TITLES, type AuthMode } from "~/components/auth-prompt";
import { Dialog } from "~/components/dialog";
import { ErrorBox, SubmitButton, TextField } from "~/components/form-controls";
import { useToast } from "~/components/toast";
import { useApiWrite } from "~/client/api/use-api-write";
import { SIGNED_IN_TOAST_MS } from "~/lib/constants";
import { signInSchema, signUpSchema } from "~/lib/account-forms";
import { fieldErrorsOf } from "~/lib/field-errors";
import { authErrorMessage, signIn, signUp } from "~/client/auth/auth-client";
import { useIsGoogleSignInEnabled } from "~/client/auth/use-viewer";
import { continueWithGoogle } from "./continue-with-google";

interface AuthDialogProps {
  mode: AuthMode | null;
  /** An error to show when the dialog opens (a Google redirect that failed). */
  initialError?: string | null;
  onModeChange: (mode: AuthMode | null) => void;
  onForgotPassword: () => void;
}

type FieldErrors = Partial<
  Record<"displayName" | "email" | "password" | "confirmPassword", string>
>;

/**
 * Auth modal: sign in or sign up, by email and password or with Google. The
 * host mounts it afresh for every opening, so nothing from an earlier attempt shows.
 */
export function AuthDialog({
  mode,
  initialError,
  onModeChange,
  onForgotPassword,
}: AuthDialogProps) {
  const shownMode = mode ?? "signin";
  const otherMode = shownMode === "signin" ? "signup" : "signin";
  const toast = useToast();
  const isGoogleEnabled = useIsGoogleSignInEnabled();
  // Signing up signs nobody in (decision 010): the page goes straight to /verify-email, whose
  // loader reads the pending sign-up, rather than first reloading the page it leaves.
  const signUpWrite = useApiWrite(signUp);
  // The next page must see the person signed in, so the viewer is read again before moving on.
  const signInWrite = useApiWrite(signIn, { revalidateFirst: true });
  const isPending = signUpWrite.isPending || signInWrite.isPending;
  const [isGooglePending, setIsGooglePending] = useState(false);
  const [error, setError] = useState<string | null>(initialError ?? null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setError(null);
    const parsed =
      shownMode === "signup" ? signUpSchema.safeParse(values) : signInSchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setFieldErrors({});
    const result =
      shownMode === "signup"
        ? await signUpWrite.run(signUpSchema.parse(values), () => {
            onModeChange(null);
            return { to: "/verify-email" };
          })
        : await signInWrite.run(signInSchema.parse(values), () => {
            onModeChange(null);
            // Signing in from the page a reset link led to: that page has done its work.
            if (location.pathname === "/reset-password") return { to: "/ai-tools" };
          });
    if (!result) return;
    if (!result.ok) setError(result.error.message);
    else if (shownMode === "signin") {
      toast({ message: "You're signed in.", durationMs: SIGNED_IN_TOAST_MS });
    }
  }

  async function google() {
    setError(null);
    setIsGooglePending(true);
    try {
      const { popup } = await continueWithGoogle();
      if (!popup) return;
      const watch = setInterval(() => {
        if (!popup.closed) return;
        clearInterval(watch);
        setIsGooglePending(false);
      }, 500);
    } catch (failure) {
      setError(authErrorMessage(failure));
      setIsGooglePending(false);
    }
  }

  const isSignUp = shownMode === "signup";
  return (
    <Dialog
      isOpen={mode !== null}
      onClose={() => onModeChange(null)}
      title={AUTH_DIALOG_TITLES[shownMode]}
    >
      <div className="space-y-4">
        {error && <ErrorBox>{error}</ErrorBox>}
        {isGoogleEnabled && (
          <>
            <button
              type="button"
              onClick={() => void google()}
              disabled={isPending || isGooglePending}
              className="flex w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60"
            >
              <GoogleMark />
              {isGooglePending ? "Waiting for Google..." : "Continue with Google"}
            </button>
            <p className="flex items-center gap-3 text-xs text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
              or with your email
            </p>
          </>
        )}
        <form
          key={shownMode}
          noValidate
          onSubmit={(event) => void submit(event)}
          className="space-y-3"
        >
          {isSignUp && (
            <TextField
              label="Display name (optional)"
              name="displayName"
              autoComplete="name"
              error={fieldErrors.displayName}
            />
          )}
          <TextField
            label="Email"
            name="email"
            type="email"
            required
            autoComplete="email"
            error={fieldErrors.email}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            required
            autoComplete={isSignUp ? "new-password" : "current-password"}
            error={fieldErrors.password}
          />
          {isSignUp && (
            <TextField
              label="Confirm password"
              name="confirmPassword"
              type="password"
              required
              autoComplete="new-password"
              error={fieldErrors.confirmPassword}
            />
          )}
          {!isSignUp && (
            <p className="text-right">
              <button
                type="button"
                onClick={onForgotPassword}
                className="text-sm font-medium text-brand-700 underline underline-offset-2"
              >
                Forgot password?
              </button>
            </p>
          )}
          <SubmitButton
            isPending={isPending}
            pendingLabel={isSignUp ? "Creating account..." : "Signing in..."}
          >
            {isSignUp ? "Create account" : "Sign in"}
          </SubmitButton>
        </form>
        <p className="text-sm text-slate-600">
          {isSignUp ? "Already have an account? " : "Don't have an account? "}
          <button
            type="button"
            className="font-medium text-brand-700 underline underline-offset-2"
            onClick={() => {
              setError(null);
              setFieldErrors({});
              onModeChange(otherMode);
            }}
          >
            {otherMode === "signup" ? "Sign up" : "Sign in"}
          </button>
        </p>
      </div>
    </Dialog>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-17.1z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}
