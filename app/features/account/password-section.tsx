import { useState } from "react";
import { type ActionResult, ResultBox, SubmitButton, TextField } from "~/components/form-controls";
import { changePasswordSchema } from "~/lib/account-forms";
import { useApiWrite } from "~/client/api/use-api-write";
import { fieldErrorsOf } from "~/lib/field-errors";
import { changePassword } from "~/client/auth/auth-client";
import { Panel } from "./panel";

export function PasswordSection() {
  // Signing out the other devices changes the Devices panel, which the page reads again after.
  const change = useApiWrite(changePassword);
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
    const changed = await change.run({
      currentPassword: parsed.data.currentPassword,
      newPassword: parsed.data.password,
      revokeOtherSessions: data.get("signOutOthers") === "on",
    });
    if (!changed) return;
    if (changed.ok) form.reset();
    setResult(
      changed.ok
        ? { ok: true, message: "Password changed." }
        : { ok: false, message: changed.error.message },
    );
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
          <SubmitButton isPending={change.isPending} pendingLabel="Changing...">
            Change password
          </SubmitButton>
        </div>
      </form>
    </Panel>
  );
}
