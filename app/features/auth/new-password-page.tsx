import { useAuthPrompt } from "~/components/auth-prompt";
import { ErrorBox, SubmitButton, SuccessBox, TextField } from "~/components/form-controls";
import { resetPassword } from "~/client/auth/auth-client";
import { useNewPasswordForm } from "./use-new-password-form";

interface NewPasswordPageProps {
  /** The token from the mailed link; null when the link was not valid. */
  token: string | null;
}

/** Where the password-reset mail leads: choose a new password, then sign in with it. */
export function NewPasswordPage({ token }: NewPasswordPageProps) {
  const openAuth = useAuthPrompt();
  const { isPending, error, fieldErrors, isDone, submit } = useNewPasswordForm(
    token ? (password) => resetPassword(token, password) : null,
  );

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
