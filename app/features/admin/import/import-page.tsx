import { useRef, useState } from "react";
import { Link } from "react-router";
import { ErrorBox } from "~/components/form-controls";
import { sendImport, type ImportUpdate } from "~/client/api/send-import";
import { useApiWrite } from "~/client/api/use-api-write";
import {
  importFormatOf,
  MAX_IMPORT_BYTES,
  type ImportJobSummary,
  type ImportReport,
} from "~/lib/catalogue-import";
import { plural } from "~/lib/tool";
import { FileDropZone } from "../file-drop-zone";
import { RunProgress } from "../report-frame";
import { ImportHistory } from "./import-history";
import { ImportReportView } from "./import-report";

const PHASE_LABELS: Record<ImportUpdate["phase"], string> = {
  uploading: "Uploading the file",
  checking: "Checking rows",
  writing: "Writing tools",
};

/**
 * Bulk import: choose a CSV or JSON file, see a dry run of what it would do, then import
 * it (all or nothing). The file stays chosen between the two steps.
 */
export function ImportPage({ jobs }: { jobs: ImportJobSummary[] }) {
  // A refused import is in the history too.
  const importWrite = useApiWrite(sendImport, { revalidate: "settled" });
  const [file, setFile] = useState<File | null>(null);
  const [update, setUpdate] = useState<ImportUpdate | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const result = useRef<HTMLDivElement>(null);
  const isRunning = update !== null;

  function choose(chosen: File | undefined) {
    setReport(null);
    setError(null);
    if (!chosen) return;
    if (!importFormatOf(chosen.name)) {
      setFile(null);
      setError(`"${chosen.name}" is not a .csv or .json file.`);
      return;
    }
    if (chosen.size > MAX_IMPORT_BYTES) {
      setFile(null);
      setError(
        `"${chosen.name}" is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
      );
      return;
    }
    setFile(chosen);
  }

  async function run(dryRun: boolean) {
    if (!file) return;
    setError(null);
    setReport(null);
    setUpdate({ phase: "uploading", fraction: 0 });
    const outcome = await importWrite.run({
      file,
      format: importFormatOf(file.name)!,
      dryRun,
      onUpdate: setUpdate,
    });
    if (outcome?.ok) setReport(outcome.data);
    else if (outcome) setError(outcome.error.message);
    setUpdate(null);
    // The buttons were disabled while it ran; keyboard users continue from the outcome.
    requestAnimationFrame(() => result.current?.focus());
  }

  const canImport =
    report?.dryRun && report.status === "succeeded" && report.created + report.updated > 0;
  return (
    <section aria-labelledby="import-title" className="space-y-6">
      <div>
        <h1 id="import-title" className="text-2xl font-bold text-slate-950">
          Import tools
        </h1>
        <p className="mt-2 max-w-3xl text-slate-700">
          A CSV or JSON file with the same fields as the{" "}
          <Link to="/admin/tools" className="font-medium text-brand-700 underline">
            export
          </Link>
          : <code>name</code> is required; CSV uses dotted columns such as{" "}
          <code>pricing.model</code> and separates list items with <code>|</code>. Each row updates
          the tool with the same id, else the same website, else the same slug, and otherwise adds a
          new tool. A dry run comes first; the import then writes every row or none.
        </p>
        <p className="mt-2 max-w-3xl text-slate-700">
          Buyer facts have a column each, <code>facts.sso</code>, <code>facts.soc2</code>,{" "}
          <code>facts.data-regions</code> and so on (a JSON file has one <code>facts</code> object).
          A cell holds a plain value such as <code>yes</code>, <code>type2</code>,{" "}
          <code>eu|us</code> or <code>14</code>, recorded as from this import and checked today, or
          the fact as JSON with its source, evidence and dates, as the export writes it; empty or{" "}
          <code>unknown</code> means unknown. <code>plans</code> is a JSON list of plans. Public
          lists&apos; own columns (<code>official_url</code>, <code>pricing_model</code>,{" "}
          <code>platform</code>, <code>open_source</code>, <code>api_available</code>,{" "}
          <code>last_verified</code>) are read too.
        </p>
      </div>

      <FileDropZone
        file={file}
        onFile={choose}
        isDisabled={isRunning}
        prompt="Drop a .csv or .json file here, or"
        chooseLabel="Choose a file"
        chooseAnotherLabel="Choose another file"
        accept=".csv,.json,text/csv,application/json"
        inputLabel="Import file"
      >
        <button
          type="button"
          disabled={!file || isRunning}
          onClick={() => void run(true)}
          className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          Check file (dry run)
        </button>
      </FileDropZone>

      <div ref={result} tabIndex={-1} aria-live="polite" className="space-y-4 outline-none">
        {update && (
          <RunProgress
            label={PHASE_LABELS[update.phase]}
            fraction={update.fraction}
            counts={"total" in update ? update : null}
          />
        )}
        {error && <ErrorBox>{error}</ErrorBox>}
        {report && <ImportReportView report={report} />}
        {canImport && file && (
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4">
            <p className="text-slate-800">
              Ready: {report.created.toLocaleString("en-US")} to add and{" "}
              {report.updated.toLocaleString("en-US")} to update.
            </p>
            <button
              type="button"
              disabled={isRunning}
              onClick={() => void run(false)}
              className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
            >
              Import {plural(report.created + report.updated, "tool")}
            </button>
          </div>
        )}
      </div>

      <ImportHistory jobs={jobs} />
    </section>
  );
}
