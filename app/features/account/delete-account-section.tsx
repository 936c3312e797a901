import { useState } from "react";
import { Dialog } from "~/components/dialog";
import { ErrorBox, SubmitButton, TextField } from "~/components/form-controls";
import { useToast } from "~/components/toast";
import { DELETE_CONFIRM_WORD } from "~/lib/account-forms";
import { deleteAccount } from "~/client/api/client";
import { useApiWrite } from "~/client/api/use-api-write";
import { Panel } from "./panel";

const DELETED_TOAST_MS = 4000;

/** Deletes the account after a confirmation: the password, or typing "delete" without one. */
export function DeleteAccountSection({ hasPassword }: { hasPassword: boolean }) {
  const toast = useToast();
  const remove = useApiWrite(deleteAccount);
  const [isOpen, setIsOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const error =
    problem ??
    (remove.error &&
      (remove.error.status === 0
        ? "The account could not be deleted. Check your connection and try again."
        : (remove.error.fields.password ?? remove.error.message)));

  async function confirm(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (
      !hasPassword &&
      String(data.get("confirm") ?? "")
        .trim()
        .toLowerCase() !== DELETE_CONFIRM_WORD
    ) {
      setProblem(`Type "${DELETE_CONFIRM_WORD}" to confirm.`);
      return;
    }
    setProblem(null);
    const confirmation = hasPassword
      ? { password: String(data.get("password") ?? "") }
      : { confirm: String(data.get("confirm") ?? "") };
    const result = await remove.run(confirmation, () => {
      setIsOpen(false);
      return { to: "/" };
    });
    if (result?.ok) {
      toast({ message: "Your account has been deleted.", durationMs: DELETED_TOAST_MS });
    }
  }

  return (
    <div className="mt-10">
      <Panel title="Delete account" tone="danger">
        <p className="text-sm text-slate-700">
          Deleting your account removes your profile, your likes and every signed-in device. It
          cannot be undone.
        </p>
        <button
          type="button"
          onClick={() => {
            setProblem(null);
            remove.clearError();
            setIsOpen(true);
          }}
          className="mt-4 rounded-lg border border-red-300 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50"
        >
          Delete my account
        </button>
      </Panel>
      <Dialog isOpen={isOpen} onClose={() => setIsOpen(false)} title="Delete your account?">
        <form noValidate onSubmit={(event) => void confirm(event)} className="space-y-4">
          <p className="text-sm text-slate-700">
            Your profile, likes and sessions will be removed for good.
          </p>
          {error && <ErrorBox>{error}</ErrorBox>}
          {hasPassword ? (
            <TextField
              label="Your password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
          ) : (
            <TextField
              label={`Type "${DELETE_CONFIRM_WORD}" to confirm`}
              name="confirm"
              autoComplete="off"
              required
            />
          )}
          <div className="flex gap-3">
            <button
              type="button"
              onClick={() => setIsOpen(false)}
              className="flex-1 rounded-lg border border-slate-300 px-4 py-2.5 font-medium text-slate-800 hover:bg-slate-50"
            >
              Keep my account
            </button>
            <div className="flex-1">
              <SubmitButton isPending={remove.isPending} pendingLabel="Deleting..." tone="danger">
                Delete for good
              </SubmitButton>
            </div>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
