import { useId, useRef, useState } from "react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ErrorBox, INPUT_CLASS, describedBy } from "~/components/form-controls";
import { sendCommentImport, type CommentImportUpdate } from "~/client/api/send-comment-import";
import { useApiWrite } from "~/client/api/use-api-write";
import { plural } from "~/lib/tool";
import {
  commentFileFormatOf,
  commentSourceSchema,
  MAX_COMMENT_UPLOAD_BYTES,
  MAX_MAPPING_BYTES,
  type CommentImportJobSummary,
  type CommentImportReport,
} from "~/lib/comment-import";
import { FileDropZone } from "../file-drop-zone";
import { RunProgress } from "../report-frame";
import { CommentImportHistory } from "./comment-import-history";
import { CommentImportReportView } from "./comment-import-report";

const PHASE_LABELS: Record<CommentImportUpdate["phase"], string> = {
  uploading: "Uploading the file",
  reading: "Reading threads and posts",
  checking: "Checking comments",
  importing: "Importing comments",
};

/**
 * Comment migration: choose a Disqus export or our JSON file (and a mapping file if
 * threads need one), see a dry run, then import. Changing any choice asks for a new dry run, so
 * what is imported is what was checked.
 */
export function CommentMigrationPage({ jobs }: { jobs: CommentImportJobSummary[] }) {
  const importWrite = useApiWrite(sendCommentImport, { revalidate: "settled" });
  const result = useRef<HTMLDivElement>(null);
  const mappingId = useId();
  const sourceId = useId();
  const replaceId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<File | null>(null);
  const [source, setSource] = useState("");
  const [replace, setReplace] = useState(false);
  const [update, setUpdate] = useState<CommentImportUpdate | null>(null);
  const [report, setReport] = useState<CommentImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mappingError, setMappingError] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const isRunning = update !== null;

  const sourceCheck = source.trim() ? commentSourceSchema.safeParse(source) : null;
  const sourceError =
    sourceCheck && !sourceCheck.success ? sourceCheck.error.issues[0]!.message : undefined;
  const sourceHint =
    "Comments are recorded under this name, and a re-run of the same source skips what it imported. Empty: disqus for XML, the file's own source for JSON.";

  function forget() {
    setReport(null);
    setError(null);
  }

  function choose(chosen: File | undefined) {
    forget();
    if (!chosen) return;
    if (!commentFileFormatOf(chosen.name)) {
      setFile(null);
      setError(`"${chosen.name}" is not an .xml, .xml.gz or .json file.`);
      return;
    }
    if (chosen.size > MAX_COMMENT_UPLOAD_BYTES) {
      setFile(null);
      setError(
        `"${chosen.name}" is larger than ${MAX_COMMENT_UPLOAD_BYTES / 1024 / 1024} MB. Compress it (.xml.gz) or split it.`,
      );
      return;
    }
    setFile(chosen);
  }

  function chooseMapping(chosen: File | undefined) {
    forget();
    setMappingError(null);
    if (!chosen) return;
    if (!/\.(csv|json)$/i.test(chosen.name)) {
      setMappingError(`"${chosen.name}" is not a .csv or .json file.`);
      return;
    }
    if (chosen.size > MAX_MAPPING_BYTES) {
      setMappingError(`"${chosen.name}" is larger than 1 MB.`);
      return;
    }
    setMapping(chosen);
  }

  async function run(dryRun: boolean) {
    if (!file || sourceError) return;
    setIsConfirming(false);
    setError(null);
    setReport(null);
    setUpdate({ phase: "uploading", fraction: 0 });
    const outcome = await importWrite.run({
      file,
      mapping,
      source,
      dryRun,
      replace,
      onUpdate: setUpdate,
    });
    if (outcome?.ok) setReport(outcome.data);
    else if (outcome) setError(outcome.error.message);
    setUpdate(null);
    // The buttons were disabled while it ran; keyboard users continue from the outcome.
    requestAnimationFrame(() => result.current?.focus());
  }

  const canImport =
    report?.dryRun === true &&
    report.status === "succeeded" &&
    (report.toImport > 0 || (replace && report.replaced > 0));
  const importLabel = `${replace ? "Replace and import" : "Import"} ${plural(report?.toImport ?? 0, "comment")}`;

  return (
    <section aria-labelledby="migrate-title" className="space-y-6">
      <div>
        <h1 id="migrate-title" className="text-2xl font-bold text-slate-950">
          Comment migration
        </h1>
        <p className="mt-2 max-w-3xl text-slate-700">
          Bring in comments from a Disqus export (<code>.xml</code> or <code>.xml.gz</code>) or our
          JSON format (<code>.json</code>, which may carry ratings). Each thread goes to the tool
          its link points to (current paths, <code>/tool/…</code> links and old slugs count,
          whatever the old domain), else the tool whose id or slug is the thread&apos;s id, else the
          tool a mapping file names. Spam is left out; imported comments keep their author&apos;s
          name and date, and no email address. A dry run comes first.
        </p>
      </div>

      <FileDropZone
        file={file}
        onFile={choose}
        isDisabled={isRunning}
        prompt="Drop an export (.xml, .xml.gz or .json) here, or"
        chooseLabel="Choose an export"
        chooseAnotherLabel="Choose another export"
        accept=".xml,.gz,.json,application/xml,text/xml,application/gzip,application/json"
        inputLabel="Comment export file"
      />

      <div className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <div>
          <label htmlFor={sourceId} className="block text-sm font-medium text-slate-800">
            Source name (optional)
          </label>
          <input
            id={sourceId}
            value={source}
            disabled={isRunning}
            placeholder="disqus"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={sourceError ? true : undefined}
            aria-describedby={describedBy(sourceId, sourceHint, sourceError)}
            onChange={(event) => {
              forget();
              setSource(event.target.value);
            }}
            className={INPUT_CLASS}
          />
          <p id={`${sourceId}-hint`} className="mt-1 text-xs text-slate-600">
            {sourceHint}
          </p>
          {sourceError && (
            <p id={`${sourceId}-error`} className="mt-1 text-sm text-red-700">
              {sourceError}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={mappingId} className="block text-sm font-medium text-slate-800">
            Mapping file (optional)
          </label>
          <input
            id={mappingId}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            disabled={isRunning}
            aria-invalid={mappingError ? true : undefined}
            aria-describedby={describedBy(mappingId, true, mappingError)}
            onChange={(event) => {
              chooseMapping(event.target.files?.[0]);
              event.target.value = "";
            }}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-medium file:text-slate-800"
          />
          <p id={`${mappingId}-hint`} className="mt-1 text-xs text-slate-600">
            {mapping ? (
              <>
                Using <strong className="break-all">{mapping.name}</strong>.{" "}
                <button
                  type="button"
                  disabled={isRunning}
                  onClick={() => {
                    forget();
                    setMapping(null);
                  }}
                  className="font-medium text-brand-700 underline"
                >
                  Remove it
                </button>
              </>
            ) : (
              <>
                CSV with the columns <code>thread,tool</code>, or JSON{" "}
                <code>{'{ "thread": "tool" }'}</code>: a thread link, path or id, and a tool id or
                slug.
              </>
            )}
          </p>
          {mappingError && (
            <p id={`${mappingId}-error`} role="alert" className="mt-1 text-sm text-red-700">
              {mappingError}
            </p>
          )}
        </div>
        <div className="sm:col-span-2">
          <div className="flex items-start gap-2">
            <input
              id={replaceId}
              type="checkbox"
              checked={replace}
              disabled={isRunning}
              aria-describedby={`${replaceId}-hint`}
              onChange={(event) => {
                forget();
                setReplace(event.target.checked);
              }}
              className="mt-1 size-4 accent-brand-700"
            />
            <label htmlFor={replaceId} className="text-sm font-medium text-slate-800">
              Replace the previous import of this source
            </label>
          </div>
          <p id={`${replaceId}-hint`} className="mt-1 ml-6 text-xs text-slate-600">
            Removes what this source imported before, then imports the file. Native and demo
            comments are never touched; imported comments people replied to here stay.
          </p>
        </div>
        <div className="sm:col-span-2">
          <button
            type="button"
            disabled={!file || isRunning || Boolean(sourceError)}
            onClick={() => void run(true)}
            className="w-full rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-50 sm:w-auto"
          >
            Check file (dry run)
          </button>
        </div>
      </div>

      <div ref={result} tabIndex={-1} aria-live="polite" className="space-y-4 outline-none">
        {update && (
          <RunProgress
            label={PHASE_LABELS[update.phase]}
            fraction={update.fraction}
            counts={"total" in update && update.phase !== "reading" ? update : null}
          />
        )}
        {error && <ErrorBox>{error}</ErrorBox>}
        {report && <CommentImportReportView report={report} />}
        {canImport && file && (
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4">
            <p className="text-slate-800">
              Ready: {plural(report.toImport, "comment")} into {plural(report.tools, "tool")}
              {replace &&
                `, after removing ${report.replaced.toLocaleString("en-US")} from the earlier import`}
              .
            </p>
            <button
              type="button"
              disabled={isRunning}
              onClick={() => (replace ? setIsConfirming(true) : void run(false))}
              className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
            >
              {importLabel}
            </button>
          </div>
        )}
      </div>

      <ConfirmDialog
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        title="Replace the earlier import?"
        confirmLabel="Replace and import"
        onConfirm={() => void run(false)}
      >
        {report?.replaced.toLocaleString("en-US") ?? 0} comments that the source{" "}
        <code>{report?.source}</code> imported before will be removed, then{" "}
        {report?.toImport.toLocaleString("en-US") ?? 0} imported from {file?.name}. Native and demo
        comments stay.
      </ConfirmDialog>

      <CommentImportHistory jobs={jobs} />
    </section>
  );
}
