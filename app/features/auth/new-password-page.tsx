import { useState } from "react";
import { useAuthPrompt } from "~/components/auth-prompt";
import { ErrorBox, SubmitButton, SuccessBox, TextField } from "~/components/form-controls";
import { newPasswordSchema } from "~/lib/account-forms";
import { fieldErrorsOf } from "~/lib/field-errors";
import { authErrorMessage, resetPassword } from "~/lib/auth/auth-client";

interface NewPasswordPageProps {
  /** The token from the mailed link; null when the link was not valid. */
  token: string | null;
}

/** Where the password-reset mail leads: choose a new password, then sign in with it. */
export function NewPasswordPage({ token }: NewPasswordPageProps) {
  const openAuth = useAuthPrompt();
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [isDone, setIsDone] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token || isPending) return;
    const parsed = newPasswordSchema.safeParse(
      Object.fromEntries(new FormData(event.currentTarget)),
    );
    if (!parsed.success) {
      setFieldErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setFieldErrors({});
    setError(null);
    setIsPending(true);
    try {
      await resetPassword(token, parsed.data.password);
      setIsDone(true);
    } catch (failure) {
      setError(authErrorMessage(failure));
    } finally {
      setIsPending(false);
    }
  }

  return (
    <div className="mx-auto max-w-md px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-950">Choose a new password</h1>
      {isDone ? (
        <div className="mt-6 space-y-4">
          <SuccessBox>
            Your password has been changed, and every device that was signed in has been signed out.
          </SuccessBox>
          <button
            type="button"
            onClick={() => openAuth("signin")}
            className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            Sign in with your new password
          </button>
        </div>
      ) : !token ? (
        <div className="mt-6">
          <ErrorBox>
            This reset link is not valid: it may have expired or been used already. Ask for a new
            one from &quot;Forgot password?&quot; in the sign-in dialog.
          </ErrorBox>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-4">
          {error && <ErrorBox>{error}</ErrorBox>}
          <TextField
            label="New password"
            name="password"
            type="password"
            required
            autoComplete="new-password"
            error={fieldErrors.password}
          />
          <TextField
            label="Confirm new password"
            name="confirmPassword"
            type="password"
            required
            autoComplete="new-password"
            error={fieldErrors.confirmPassword}
          />
          <SubmitButton isPending={isPending} pendingLabel="Saving...">
            Save new password
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
