import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { Dialog } from "~/components/dialog";
import { ErrorBox, SubmitButton, TextField } from "~/components/form-controls";
import { useToast } from "~/components/toast";
import { DELETE_CONFIRM_WORD } from "~/lib/account-forms";
import { Panel } from "./panel";

const DELETED_TOAST_MS = 4000;

/** Deletes the account after a confirmation: the password, or typing "delete" without one. */
export function DeleteAccountSection({ hasPassword }: { hasPassword: boolean }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const toast = useToast();
  const [isOpen, setIsOpen] = useState(false);
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (
      !hasPassword &&
      String(data.get("confirm") ?? "")
        .trim()
        .toLowerCase() !== DELETE_CONFIRM_WORD
    ) {
      setError(`Type "${DELETE_CONFIRM_WORD}" to confirm.`);
      return;
    }
    setIsPending(true);
    setError(null);
    try {
      const response = await fetch("/api/account/delete", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(
          hasPassword
            ? { password: data.get("password") ?? "" }
            : { confirm: data.get("confirm") ?? "" },
        ),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as {
          error?: { message?: string; fields?: Record<string, string> };
        } | null;
        setError(
          body?.error?.fields?.password ??
            body?.error?.message ??
            "The account could not be deleted. Please try again.",
        );
        return;
      }
      setIsOpen(false);
      await navigate("/");
      await revalidator.revalidate();
      toast({ message: "Your account has been deleted.", durationMs: DELETED_TOAST_MS });
    } catch {
      setError("The account could not be deleted. Check your connection and try again.");
    } finally {
      setIsPending(false);
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
            setError(null);
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
              <SubmitButton isPending={isPending} pendingLabel="Deleting..." tone="danger">
                Delete for good
              </SubmitButton>
            </div>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
