import { useEffect, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { ErrorBox, SubmitButton, SuccessBox, TextField } from "~/components/form-controls";
import { confirmEmail } from "~/client/auth/auth-client";
import { VERIFIED_REDIRECT_MS } from "~/lib/constants";
import { EMAIL_VERIFIED } from "~/lib/messages";
import { useNewPasswordForm } from "./use-new-password-form";

export interface ConfirmEmailPageProps {
  token: string;
  /** The address the link confirms, as `g•••@example.com`. */
  maskedEmail: string;
  /** The address of the account this browser is signed in to, when it is another one. */
  signedInAs: string | null;
}

/**
 * Decision 022: a verification link opened outside the browser that signed up. Whoever opens it
 * holds the mailbox, so they choose the account's password; a browser signed in to another
 * account is asked first, and keeps its session until the person chooses.
 */
export function ConfirmEmailPage({ token, maskedEmail, signedInAs }: ConfirmEmailPageProps) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [hasChosenToSwitch, setHasChosenToSwitch] = useState(false);
  const { isPending, error, fieldErrors, isDone, submit } = useNewPasswordForm((password) =>
    confirmEmail(token, password),
  );

  useEffect(() => {
    if (!isDone) return;
    const timer = setTimeout(() => {
      void revalidator.revalidate();
      void navigate("/ai-tools");
    }, VERIFIED_REDIRECT_MS);
    return () => clearTimeout(timer);
    // The redirect is scheduled once, when the address is confirmed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isDone]);

  const asks = signedInAs !== null && !hasChosenToSwitch;
  return (
    <div className="mx-auto max-w-md px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-950">Verify your email</h1>
      {isDone ? (
        <div className="mt-6">
          <SuccessBox>{EMAIL_VERIFIED}</SuccessBox>
        </div>
      ) : asks ? (
        <div className="mt-6 space-y-4">
          <p className="text-lg text-slate-700">
            This link confirms the account of <strong>{maskedEmail}</strong>. You are signed in as{" "}
            <strong className="[overflow-wrap:anywhere]">{signedInAs}</strong>, a different account.
            Nothing changes unless you continue.
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              onClick={() => void navigate("/ai-tools")}
              className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
            >
              Stay signed in as {signedInAs}
            </button>
            <button
              type="button"
              onClick={() => setHasChosenToSwitch(true)}
              className="rounded-lg border border-slate-300 px-4 py-2.5 font-medium text-slate-800 hover:bg-slate-50"
            >
              Continue with this link
            </button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-4">
          <p className="text-slate-700">
            To confirm <strong>{maskedEmail}</strong>, choose the password for this account. A
            password set when the account was started no longer works, and every device signed in to
            it is signed out.
            {signedInAs && ` You will be signed out of ${signedInAs} in this browser.`}
          </p>
          {error && <ErrorBox>{error}</ErrorBox>}
          <TextField
            label="Password"
            name="password"
            type="password"
            required
            autoComplete="new-password"
            error={fieldErrors.password}
          />
          <TextField
            label="Confirm password"
            name="confirmPassword"
            type="password"
            required
            autoComplete="new-password"
            error={fieldErrors.confirmPassword}
          />
          <SubmitButton isPending={isPending} pendingLabel="Confirming...">
            Confirm and sign in
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
