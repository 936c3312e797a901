import { useState } from "react";
import { newPasswordSchema } from "~/lib/account-forms";
import { authErrorMessage } from "~/client/auth/auth-client";
import { fieldErrorsOf } from "~/lib/field-errors";

/**
 * A form that chooses a password (a reset, a confirmation from a mailed link): checks the two
 * fields, sends the password once at a time, and tells what became of it. `send` is null while
 * there is nothing to send it with.
 */
export function useNewPasswordForm(send: ((password: string) => Promise<unknown>) | null) {
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [isDone, setIsDone] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!send || isPending) return;
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
      await send(parsed.data.password);
      setIsDone(true);
    } catch (failure) {
      setError(authErrorMessage(failure));
    } finally {
      setIsPending(false);
    }
  }

  return { isPending, error, fieldErrors, isDone, submit };
}
