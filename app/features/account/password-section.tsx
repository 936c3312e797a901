import { useState } from "react";
import { type ActionResult, ResultBox, SubmitButton, TextField } from "~/components/form-controls";
import { changePasswordSchema } from "~/lib/account-forms";
import { fieldErrorsOf } from "~/lib/field-errors";
import { authErrorMessage, changePassword } from "~/lib/auth/auth-client";
import { Panel } from "./panel";

export function PasswordSection() {
  const [isPending, setIsPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<ActionResult | null>(null);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = changePasswordSchema.safeParse(Object.fromEntries(data));
    if (!parsed.success) {
      setFieldErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setFieldErrors({});
    setResult(null);
    setIsPending(true);
    try {
      await changePassword({
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.password,
        revokeOtherSessions: data.get("signOutOthers") === "on",
      });
      form.reset();
      setResult({ ok: true, message: "Password changed." });
    } catch (failure) {
      setResult({ ok: false, message: authErrorMessage(failure) });
    } finally {
      setIsPending(false);
    }
  }

  return (
    <Panel title="Change password">
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={fieldErrors.currentPassword}
        />
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          error={fieldErrors.password}
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={fieldErrors.confirmPassword}
        />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="signOutOthers" defaultChecked className="size-4" />
          Sign out of my other devices
        </label>
        <ResultBox result={result} />
        <div className="w-48">
          <SubmitButton isPending={isPending} pendingLabel="Changing...">
            Change password
          </SubmitButton>
        </div>
      </form>
    </Panel>
  );
}
