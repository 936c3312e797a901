import { useState } from "react";
import { type ActionResult, ResultBox } from "~/components/form-controls";
import { useApiWrite } from "~/client/api/use-api-write";
import { revokeOtherSessions } from "~/client/auth/auth-client";
import { Panel } from "./panel";

export function SessionsSection({ otherSessions }: { otherSessions: number }) {
  const revoke = useApiWrite(revokeOtherSessions);
  const [result, setResult] = useState<ActionResult | null>(null);

  async function signOutOthers() {
    setResult(null);
    const revoked = await revoke.run(undefined);
    if (!revoked) return;
    setResult(
      revoked.ok
        ? { ok: true, message: "Your other devices are signed out." }
        : { ok: false, message: revoked.error.message },
    );
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
        disabled={revoke.isPending || otherSessions === 0}
        className="mt-4 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {revoke.isPending ? "Signing out..." : "Sign out of all other devices"}
      </button>
    </Panel>
  );
}
