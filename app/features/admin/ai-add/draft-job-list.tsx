import { useLayoutEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { isActiveDraftState, type DraftJobState, type DraftJobSummary } from "~/lib/ai-draft";
import { CatalogueToolLinks } from "./catalogue-tool-links";
import { STATE_LABELS, asksBeforeRemoving, reviewLinkOf } from "./draft-form";

const BADGE_COLOURS: Record<DraftJobState, string> = {
  queued: "bg-slate-100 text-slate-800",
  fetching: "bg-sky-100 text-sky-900",
  reading: "bg-sky-100 text-sky-900",
  drafting: "bg-indigo-100 text-indigo-900",
  ready: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
  cancelled: "bg-slate-200 text-slate-800",
};

const BUTTON =
  "rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 aria-disabled:opacity-50";

export interface JobActions {
  cancel(job: DraftJobSummary): void;
  retry(job: DraftJobSummary, ignoreDuplicate: boolean): void;
  remove(job: DraftJobSummary): void;
  /** The job an action is running for (its buttons wait). */
  busyId: number | null;
}

/** Every job with its state, progress, failure and what can be done with it. */
export function DraftJobList({ jobs, actions }: { jobs: DraftJobSummary[]; actions: JobActions }) {
  const [removing, setRemoving] = useState<DraftJobSummary | null>(null);
  if (jobs.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
        No drafts yet. Paste a few addresses above: each becomes a job here, and stays until you
        remove it.
      </p>
    );
  }
  return (
    <>
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {jobs.map((job) => (
          <JobRow
            key={job.id}
            job={job}
            actions={actions}
            onRemove={() => (asksBeforeRemoving(job) ? setRemoving(job) : actions.remove(job))}
          />
        ))}
      </ul>
      <ConfirmDialog
        isOpen={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove this draft?"
        confirmLabel="Remove draft"
        cancelLabel="Keep it"
        onConfirm={() => {
          if (removing) actions.remove(removing);
          setRemoving(null);
        }}
      >
        The draft of {removing?.address} is not saved as a tool; removing it throws it away.
      </ConfirmDialog>
    </>
  );
}

function JobRow({
  job,
  actions,
  onRemove,
}: {
  job: DraftJobSummary;
  actions: JobActions;
  onRemove: () => void;
}) {
  const isActive = isActiveDraftState(job.state);
  const isBusy = actions.busyId === job.id;
  const review = reviewLinkOf(job);
  const headingId = `draft-job-${job.id}`;
  const heading = useRef<HTMLParagraphElement>(null);
  const isPressed = useRef(false);
  // Cancel, Retry and Draft anyway go away once they worked: the focus they held stays on the row.
  useLayoutEffect(() => {
    if (!isPressed.current) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    isPressed.current = false;
    heading.current?.focus();
  }, [job.state, job.failure?.code]);
  // Busy buttons stay focusable (aria-disabled, clicks ignored): a disabled one drops the focus.
  const press = (action: () => void) => () => {
    if (isBusy) return;
    isPressed.current = true;
    action();
  };
  return (
    <li className="p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p
          ref={heading}
          id={headingId}
          tabIndex={-1}
          className="min-w-0 font-medium break-all text-slate-900"
        >
          {job.address}
        </p>
        <span
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_COLOURS[job.state]}`}
        >
          <span className="sr-only">State: </span>
          {STATE_LABELS[job.state]}
        </span>
      </div>
      {job.finalUrl && job.finalUrl !== job.url && (
        <p className="mt-1 text-xs break-all text-slate-600">Redirected to {job.finalUrl}</p>
      )}
      {isActive && job.progress && <p className="mt-1 text-sm text-slate-700">{job.progress}</p>}
      {job.state === "ready" && (
        <p className="mt-1 text-sm text-slate-700">
          {job.draftedFields} fields drafted {job.usedModel ? "with the model" : "from the page"}.
          {job.modelProblem && ` The model was not used: ${job.modelProblem}`}
        </p>
      )}
      {job.failure && job.state !== "cancelled" && (
        <p className="mt-1 text-sm font-medium text-red-800">{job.failure.message}</p>
      )}
      {job.duplicateOf && (
        <p className="mt-1 text-sm text-slate-700">
          Already in the catalogue: <CatalogueToolLinks tool={job.duplicateOf} editLabel="edit" />
        </p>
      )}
      {job.savedTool && (
        <p className="mt-1 text-sm text-green-900">
          Saved:{" "}
          <Link to={job.savedTool.path} className="font-medium underline">
            {job.savedTool.name}
          </Link>
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {review && (
          <Link
            to={`/admin/tools/ai/${job.id}`}
            aria-describedby={headingId}
            className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {review}
          </Link>
        )}
        {job.failure?.code === "duplicate" && (
          <button
            type="button"
            aria-disabled={isBusy || undefined}
            aria-describedby={headingId}
            onClick={press(() => actions.retry(job, true))}
            className={BUTTON}
          >
            Draft anyway
          </button>
        )}
        {isActive && (
          <button
            type="button"
            aria-disabled={isBusy || undefined}
            aria-describedby={headingId}
            onClick={press(() => actions.cancel(job))}
            className={BUTTON}
          >
            Cancel
          </button>
        )}
        {(job.state === "failed" || job.state === "cancelled") &&
          job.failure?.code !== "duplicate" && (
            <button
              type="button"
              aria-disabled={isBusy || undefined}
              aria-describedby={headingId}
              onClick={press(() => actions.retry(job, false))}
              className={BUTTON}
            >
              Retry
            </button>
          )}
        {!isActive && (
          <button
            type="button"
            aria-disabled={isBusy || undefined}
            aria-describedby={headingId}
            onClick={() => {
              if (!isBusy) onRemove();
            }}
            className={BUTTON}
          >
            Remove
          </button>
        )}
      </div>
    </li>
  );
}
