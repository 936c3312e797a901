import type { ImportReport } from "~/lib/catalogue-import";

const TONES: Record<ImportReport["status"], string> = {
  succeeded: "border-green-300 bg-green-50 text-green-900",
  rejected: "border-red-300 bg-red-50 text-red-900",
  failed: "border-red-300 bg-red-50 text-red-900",
};

/** What a dry run or an import did: counts, the rejected rows with reasons, and samples. */
export function ImportReportView({ report }: { report: ImportReport }) {
  return (
    <div className="space-y-4">
      <div
        role={report.status === "succeeded" ? "status" : "alert"}
        className={`rounded-xl border p-4 ${TONES[report.status]}`}
      >
        <p className="font-semibold">{report.message}</p>
        {report.status !== "failed" && (
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
            <Count label="Rows" value={report.rows} />
            <Count label={report.dryRun ? "To create" : "Created"} value={report.created} />
            <Count label={report.dryRun ? "To update" : "Updated"} value={report.updated} />
            <Count label="Unchanged" value={report.unchanged} />
            <Count label="Rejected" value={report.rejected} />
          </dl>
        )}
        {report.notes.length > 0 && (
          <ul className="mt-3 list-disc pl-5 text-sm">
            {report.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
      </div>

      {report.status === "rejected" && report.problems.length > 0 && (
        <ReportTable
          caption={`Rejected rows${report.rejected > report.problems.length ? ` (the first ${report.problems.length} of ${report.rejected})` : ""}`}
          headings={["Row", "Name", "Why"]}
          rows={report.problems.map((problem) => [
            String(problem.row),
            problem.name ?? "",
            problem.reasons.join(" "),
          ])}
        />
      )}
      {report.samples.length > 0 && (
        <ReportTable
          caption={`${report.dryRun ? "Would change" : "Changed"}${report.created + report.updated > report.samples.length ? ` (the first ${report.samples.length})` : ""}`}
          headings={["Row", "Name", "What"]}
          rows={report.samples.map((sample) => [
            String(sample.row),
            sample.name,
            sample.kind === "create"
              ? "New tool"
              : `Update (matched by ${sample.matchedBy}): ${sample.changed.join(", ")}`,
          ])}
        />
      )}
    </div>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide opacity-80">{label}</dt>
      <dd className="text-lg font-semibold">{value.toLocaleString("en-US")}</dd>
    </div>
  );
}

function ReportTable({
  caption,
  headings,
  rows,
}: {
  caption: string;
  headings: string[];
  rows: string[][];
}) {
  return (
    <div
      role="region"
      aria-label={`${caption}, scrollable`}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      <table className="w-full text-left text-sm">
        <caption className="px-4 py-3 text-left font-semibold text-slate-900">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-4 py-2 font-medium">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, index) => (
            <tr key={index} className="border-t border-slate-100 align-top">
              {cells.map((cell, column) => (
                <td
                  key={column}
                  className={`px-4 py-2 ${column === 2 ? "text-slate-700" : "text-slate-900"}`}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
