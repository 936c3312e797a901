import { useState } from "react";
import { AUTH_DIALOG_TITLES } from "~/components/auth-prompt";
import { Dialog } from "~/components/dialog";
import { ErrorBox, SubmitButton, TextField } from "~/components/form-controls";
import { resetRequestSchema } from "~/lib/account-forms";
import { firstProblem } from "~/lib/field-errors";
import { authErrorMessage, requestPasswordReset } from "~/client/auth/auth-client";

interface ResetPasswordDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onBackToSignIn: () => void;
}

/**
 * Auth modal: the reset form, then a success view naming the address, with Close. The host
 * mounts it afresh for every opening.
 */
export function ResetPasswordDialog({ isOpen, onClose, onBackToSignIn }: ResetPasswordDialogProps) {
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const parsed = resetRequestSchema.safeParse({
      email: new FormData(event.currentTarget).get("email") ?? "",
    });
    if (!parsed.success) {
      setFieldError(firstProblem(parsed.error));
      return;
    }
    setFieldError(undefined);
    setError(null);
    setIsPending(true);
    try {
      await requestPasswordReset(parsed.data.email);
      setSentTo(parsed.data.email);
    } catch (failure) {
      setError(authErrorMessage(failure));
    } finally {
      setIsPending(false);
    }
  }

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={AUTH_DIALOG_TITLES.reset}>
      {sentTo ? (
        <div className="space-y-4">
          <p role="status" className="text-slate-700">
            We sent a link to reset your password to <strong>{sentTo}</strong>. It works once, for
            one hour. If it does not arrive in a few minutes, check your spam folder.
          </p>
          <button
            type="button"
            onClick={onClose}
            className="w-full rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            Close
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <p className="text-sm text-slate-600">
            Enter the email address of your account and we will send you a link to choose a new
            password.
          </p>
          {error && <ErrorBox>{error}</ErrorBox>}
          <TextField
            label="Email"
            name="email"
            type="email"
            required
            autoComplete="email"
            error={fieldError}
          />
          <SubmitButton isPending={isPending} pendingLabel="Sending link...">
            Send reset link
          </SubmitButton>
          <p className="text-sm">
            <button
              type="button"
              onClick={onBackToSignIn}
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              Back to sign in
            </button>
          </p>
        </form>
      )}
    </Dialog>
  );
}
