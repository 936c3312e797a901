import { useState } from "react";
import { useRevalidator } from "react-router";
import { type ActionResult, ResultBox } from "~/components/form-controls";
import { authErrorMessage, revokeOtherSessions } from "~/lib/auth/auth-client";
import { Panel } from "./panel";

export function SessionsSection({ otherSessions }: { otherSessions: number }) {
  const revalidator = useRevalidator();
  const [isPending, setIsPending] = useState(false);
  const [result, setResult] = useState<ActionResult | null>(null);

  async function signOutOthers() {
    setIsPending(true);
    setResult(null);
    try {
      await revokeOtherSessions();
      await revalidator.revalidate();
      setResult({ ok: true, message: "Your other devices are signed out." });
    } catch (failure) {
      setResult({ ok: false, message: authErrorMessage(failure) });
    } finally {
      setIsPending(false);
    }
  }

  return (
    <Panel title="Devices">
      <p className="text-sm text-slate-700">
        {otherSessions === 0
          ? "You are signed in on this device only."
          : `You are also signed in on ${otherSessions} other ${otherSessions === 1 ? "device" : "devices"}.`}
      </p>
      {result && (
        <div className="mt-3">
          <ResultBox result={result} />
        </div>
      )}
      <button
        type="button"
        onClick={() => void signOutOthers()}
        disabled={isPending || otherSessions === 0}
        className="mt-4 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {isPending ? "Signing out..." : "Sign out of all other devices"}
      </button>
    </Panel>
  );
}
