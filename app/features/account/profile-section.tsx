import { useState } from "react";
import { Link } from "react-router";
import { type ActionResult, ResultBox, SubmitButton, TextField } from "~/components/form-controls";
import { LocalDate } from "~/components/local-date";
import { displayNameSchema } from "~/lib/account-forms";
import { useApiWrite } from "~/client/api/use-api-write";
import { firstProblem } from "~/lib/field-errors";
import { updateDisplayName } from "~/client/auth/auth-client";
import type { Viewer } from "~/lib/profile";
import { Panel } from "./panel";

const METHOD_NAMES: Record<string, string> = { credential: "Email and password", google: "Google" };

interface ProfileSectionProps {
  viewer: Viewer;
  createdAt: string;
  signInMethods: string[];
}

export function ProfileSection({ viewer, createdAt, signInMethods }: ProfileSectionProps) {
  const saveName = useApiWrite(updateDisplayName);
  const [result, setResult] = useState<ActionResult | null>(null);

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    const parsed = displayNameSchema.safeParse({
      displayName: new FormData(event.currentTarget).get("displayName") ?? "",
    });
    if (!parsed.success) {
      setResult({ ok: false, message: firstProblem(parsed.error) });
      return;
    }
    const saved = await saveName.run(parsed.data.displayName);
    if (!saved) return;
    setResult(
      saved.ok
        ? { ok: true, message: "Display name saved." }
        : { ok: false, message: saved.error.message },
    );
  }

  return (
    <Panel title="Profile">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-600">Email</dt>
        <dd className="font-medium break-all text-slate-900">{viewer.email}</dd>
        <dt className="text-slate-600">Status</dt>
        <dd>
          {viewer.emailVerified ? (
            <span className="rounded-full bg-green-100 px-2 py-0.5 font-medium text-green-800">
              Verified
            </span>
          ) : (
            <span>
              <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">
                Not verified
              </span>{" "}
              <Link to="/verify-email" className="font-medium text-brand-700 underline">
                Verify your email
              </Link>
            </span>
          )}
        </dd>
        <dt className="text-slate-600">Username</dt>
        <dd className="text-slate-900">{viewer.username || "—"}</dd>
        <dt className="text-slate-600">Signs in with</dt>
        <dd className="text-slate-900">
          {signInMethods.map((method) => METHOD_NAMES[method] ?? method).join(", ")}
        </dd>
        <dt className="text-slate-600">Member since</dt>
        <dd className="text-slate-900">
          <LocalDate value={createdAt} />
        </dd>
      </dl>
      <form noValidate onSubmit={(event) => void save(event)} className="mt-6 space-y-3">
        <TextField
          label="Display name"
          name="displayName"
          defaultValue={viewer.displayName ?? ""}
          autoComplete="name"
          hint={
            viewer.displayName
              ? "Shown with your comments. Leave empty to appear under a name made up for your account, never your email."
              : `Shown with your comments. Left empty, you appear as ${viewer.username}, never your email.`
          }
        />
        <ResultBox result={result} />
        <div className="w-40">
          <SubmitButton isPending={saveName.isPending} pendingLabel="Saving...">
            Save name
          </SubmitButton>
        </div>
      </form>
    </Panel>
  );
}
