import { useEffect, useId, useRef, useState } from "react";
import { ErrorBox, INPUT_CLASS, Spinner, SuccessBox } from "~/components/form-controls";
import { useToast } from "~/components/toast";
import { AI_DRAFT_LIMITS, isActiveDraftState, type DraftJobSummary } from "~/lib/ai-draft";
import {
  cancelDraftJob,
  deleteDraftJob,
  listDraftJobs,
  queueDraftJobs,
  retryDraftJob,
} from "~/client/api/admin-client";
import type { DraftJobsAnswer, DraftJobsQueued } from "~/lib/api/contract";
import { useApiWrite } from "~/client/api/use-api-write";
import { useFileDrop } from "../use-file-drop";
import { DraftJobList, type JobActions } from "./draft-job-list";
import {
  countAddresses,
  describeChanges,
  refuseAddressFile,
  refuseAddressText,
} from "./draft-form";
import { findSkippedLines, NOT_AN_ADDRESS, type SkippedLine } from "./skipped-lines";

const POLL_MS = 1000;
/** With nothing running, another tab's new jobs still show within this long. */
const IDLE_POLL_MS = 10_000;

/** Paste addresses (or read a file of them) and follow each draft job. */
export function AiAddPage({ answer: loaded }: { answer: DraftJobsAnswer }) {
  const [answer, setAnswer] = useState(loaded);
  const [announcement, setAnnouncement] = useState("");
  const jobs = useRef(loaded.jobs);
  const listHeading = useRef<HTMLHeadingElement>(null);

  function showJobs(next: DraftJobsAnswer, { isQuiet = false } = {}) {
    const change = describeChanges(jobs.current, next.jobs);
    if (change && !isQuiet) setAnnouncement(change);
    jobs.current = next.jobs;
    setAnswer(next);
  }

  // A reload of the route (after each write) brings the server's list.
  useEffect(() => showJobs(loaded), [loaded]);

  const isAnyActive = answer.jobs.some((job) => isActiveDraftState(job.state));
  usePollJobs(isAnyActive, async (signal) => showJobs(await listDraftJobs(signal)));

  return (
    <section aria-labelledby="ai-add-title" className="space-y-8">
      <div>
        <h1 id="ai-add-title" className="text-2xl font-bold text-slate-950">
          AI-assisted add
        </h1>
        <p className="mt-2 max-w-3xl text-slate-700">
          Paste the websites of tools to add. Each is fetched and read, and a draft is made of what
          the page says: every field shows where it came from. Nothing is public until you review a
          draft and add the tool.
        </p>
        <p className="mt-2 max-w-3xl text-sm font-medium text-slate-800">
          {answer.model
            ? `Drafting with the model ${answer.model.name}.`
            : "No model is configured: drafts are built from the page alone (set LLM_BASE_URL and LLM_MODEL)."}
        </p>
      </div>

      <AddressForm
        // The form's own status line says what was queued; the list's line would say it again.
        onQueued={(next) => showJobs(next, { isQuiet: true })}
        // The button is disabled once the box is empty: keyboard users go on to the new jobs.
        onSent={() => listHeading.current?.focus()}
        jobs={answer}
      />

      <div className="space-y-3">
        <h2
          ref={listHeading}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 outline-none"
        >
          Drafts
        </h2>
        <p role="status" aria-live="polite" className="sr-only">
          {announcement}
        </p>
        <JobListWithActions
          jobs={answer.jobs}
          // A removed row took the focus with it: keyboard users go on from the list.
          onRemoved={() => listHeading.current?.focus()}
        />
      </div>
    </section>
  );
}

/**
 * Polls every second while `isActive`, every ten while idle (another tab may queue jobs), and at
 * once when the tab is shown again or the window gains focus; never while the tab is hidden.
 */
function usePollJobs(isActive: boolean, poll: (signal: AbortSignal) => Promise<void>) {
  const latest = useRef(poll);
  useEffect(() => {
    latest.current = poll;
  });
  const [isVisible, setIsVisible] = useState(true);
  const [wakes, setWakes] = useState(0);
  const isWaking = useRef(false);
  useEffect(() => {
    const wake = () => {
      isWaking.current = true;
      setWakes((count) => count + 1);
    };
    const readVisibility = () => {
      const isShown = document.visibilityState === "visible";
      setIsVisible(isShown);
      return isShown;
    };
    const update = () => {
      if (readVisibility()) wake();
    };
    readVisibility();
    document.addEventListener("visibilitychange", update);
    window.addEventListener("focus", wake);
    return () => {
      document.removeEventListener("visibilitychange", update);
      window.removeEventListener("focus", wake);
    };
  }, []);
  useEffect(() => {
    if (!isVisible) return;
    const controller = new AbortController();
    const every = isActive ? POLL_MS : IDLE_POLL_MS;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        await latest.current(controller.signal);
      } catch (failure) {
        // A missed poll is tried again at the next tick; the list keeps what it last showed.
        if (!controller.signal.aborted) console.warn("Polling the draft jobs failed", failure);
      }
      if (!controller.signal.aborted) timer = setTimeout(tick, every);
    };
    timer = setTimeout(tick, isWaking.current ? 0 : every);
    isWaking.current = false;
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [isActive, isVisible, wakes]);
}

function AddressForm({
  onQueued,
  onSent,
  jobs,
}: {
  onQueued: (answer: DraftJobsAnswer) => void;
  onSent: () => void;
  jobs: DraftJobsAnswer;
}) {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const queue = useApiWrite(queueDraftJobs);
  const isSending = queue.isPending;
  const [outcome, setOutcome] = useState<DraftJobsQueued | null>(null);
  const { count, problem } = countAddresses(text);
  const skipped = findSkippedLines(text);
  const { isDragging, dropHandlers } = useFileDrop((file) => void readFile(file), isSending);

  async function readFile(file: File | undefined) {
    setFileProblem(null);
    if (!file) return;
    const refusal = refuseAddressFile(file);
    if (refusal) {
      setFileProblem(refusal);
      return;
    }
    const content = await file.text();
    const unreadable = refuseAddressText(content);
    if (unreadable) {
      setFileProblem(unreadable);
      return;
    }
    setText((current) => (current.trim() ? `${current.trimEnd()}\n${content}` : content));
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (count === 0 || problem || isSending) return;
    setOutcome(null);
    // Shown at once, before the reload of the route brings the same list.
    await queue.run({ addresses: text }, (queued) => {
      setOutcome(queued);
      // What was refused or left out stays in the box to be fixed and sent again.
      setText(
        [
          ...skipped.filter((line) => line.reason === NOT_AN_ADDRESS).map((line) => line.text),
          ...queued.refused.map((refusal) => refusal.address),
        ].join("\n"),
      );
      const known = new Set(queued.jobs.map((job) => job.id));
      onQueued({
        ...jobs,
        jobs: [...queued.jobs, ...jobs.jobs.filter((job) => !known.has(job.id))],
      });
      if (queued.jobs.length > 0) onSent();
    });
  }

  const countId = `${id}-count`;
  const skippedId = `${id}-skipped`;
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-label`} className="space-y-3">
      <div
        {...dropHandlers}
        className={`rounded-2xl border-2 border-dashed p-4 sm:p-6 ${isDragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-white"}`}
      >
        <label id={`${id}-label`} htmlFor={id} className="block font-medium text-slate-900">
          Web addresses
        </label>
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          One per line (or separated by commas), up to {AI_DRAFT_LIMITS.addresses}. You can also
          drop a text or CSV file of addresses here.
        </p>
        <textarea
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={6}
          spellCheck={false}
          autoCapitalize="off"
          placeholder={"https://example.com\nanother-tool.ai"}
          aria-describedby={`${id}-hint ${countId}${skipped.length > 0 ? ` ${skippedId}` : ""}`}
          aria-invalid={problem ? true : undefined}
          className={`${INPUT_CLASS} mt-2 font-mono text-sm`}
        />
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <p
            id={countId}
            aria-live="polite"
            className={`text-sm ${problem ? "font-medium text-red-800" : "text-slate-700"}`}
          >
            {problem ??
              (count === 0
                ? "No addresses found yet."
                : `${count} ${count === 1 ? "address" : "addresses"} found.`)}
            {skipped.length > 0 &&
              ` ${skipped.length === 1 ? `Line ${skipped[0]!.line} is` : `${skipped.length} lines are`} left out: see why below the box.`}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={isSending}
              onClick={() => picker.current?.click()}
              className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50"
            >
              Choose a file
            </button>
            {/* Not disabled while sending: a disabled button drops the keyboard focus to the page. */}
            <button
              type="submit"
              aria-disabled={isSending || undefined}
              disabled={!isSending && (count === 0 || problem !== null)}
              className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-50 aria-disabled:opacity-50"
            >
              {isSending && <Spinner />}
              {isSending
                ? "Queuing..."
                : `Draft ${count === 0 ? "" : `${count} `}${count === 1 ? "tool" : "tools"}`}
            </button>
          </div>
        </div>
        {skipped.length > 0 && <SkippedLines id={skippedId} lines={skipped} />}
        <input
          ref={picker}
          type="file"
          accept=".txt,.csv,text/plain,text/csv"
          className="sr-only"
          tabIndex={-1}
          aria-label="Address file"
          onChange={(event) => {
            void readFile(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
      </div>
      {/* Each box is its own live region (alert or status): no second one around them. */}
      <div className="space-y-3">
        {fileProblem && <ErrorBox>{fileProblem}</ErrorBox>}
        {queue.error && <ErrorBox>{queue.error.message}</ErrorBox>}
        {outcome && outcome.jobs.length > 0 && (
          <SuccessBox>
            {outcome.jobs.length} {outcome.jobs.length === 1 ? "address is" : "addresses are"}{" "}
            queued: follow {outcome.jobs.length === 1 ? "it" : "them"} below.
          </SuccessBox>
        )}
        {outcome && outcome.refused.length > 0 && (
          <ErrorBox>
            {outcome.refused.length === 1
              ? "1 address was refused; it stays in the box:"
              : `${outcome.refused.length} addresses were refused; they stay in the box:`}
            <ul className="mt-1 list-disc pl-5">
              {outcome.refused.map((refusal) => (
                <li key={refusal.address} className="break-all">
                  {refusal.address}: {refusal.message}
                </li>
              ))}
            </ul>
          </ErrorBox>
        )}
      </div>
    </form>
  );
}

/** The lines that queue nothing, each with its number and why. */
function SkippedLines({ id, lines }: { id: string; lines: SkippedLine[] }) {
  return (
    <div
      id={id}
      className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="font-medium">
        {lines.length === 1 ? "1 line is left out:" : `${lines.length} lines are left out:`}
      </p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {lines.map((line) => (
          <li key={`${line.line}:${line.text}`} className="break-all">
            Line {line.line}, &ldquo;{line.text}&rdquo;: {line.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

function JobListWithActions({
  jobs,
  onRemoved,
}: {
  jobs: DraftJobSummary[];
  onRemoved: () => void;
}) {
  const showToast = useToast();
  // A refused action (the job moved on meanwhile) reloads the list too.
  const write = useApiWrite((action: () => Promise<unknown>) => action(), {
    revalidate: "settled",
  });
  const [busyId, setBusyId] = useState<number | null>(null);

  async function act(job: DraftJobSummary, action: () => Promise<unknown>, done: string) {
    if (write.isPending) return false;
    setBusyId(job.id);
    const result = await write.run(action, () => {
      showToast({ message: done, durationMs: 4000 });
    });
    setBusyId(null);
    if (result && !result.ok) {
      showToast({ message: result.error.message, tone: "error", durationMs: 6000 });
    }
    return result?.ok === true;
  }

  const actions: JobActions = {
    busyId,
    cancel: (job) => void act(job, () => cancelDraftJob(job.id), `Cancelling ${job.address}.`),
    retry: (job, ignoreDuplicate) =>
      void act(
        job,
        () => retryDraftJob(job.id, { ignoreDuplicate }),
        `${job.address} is queued again.`,
      ),
    remove: (job) =>
      void act(job, () => deleteDraftJob(job.id), `${job.address} is removed.`).then(
        (isRemoved) => isRemoved && onRemoved(),
      ),
  };
  return <DraftJobList jobs={jobs} actions={actions} />;
}
