import type { ImportReport } from "~/lib/catalogue-import";
import { ReportCount as Count, ReportStatusBox, ReportTable } from "../report-frame";

/** What a dry run or an import did: counts, the rejected rows with reasons, and samples. */
export function ImportReportView({ report }: { report: ImportReport }) {
  return (
    <div className="space-y-4">
      <ReportStatusBox status={report.status}>
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
      </ReportStatusBox>

      {report.status === "rejected" && report.problems.length > 0 && (
        <ReportTable
          caption={`Rejected rows${report.rejected > report.problems.length ? ` (the first ${report.problems.length} of ${report.rejected})` : ""}`}
          headings={["Row", "Name", "Why"]}
        >
          {report.problems.map((problem, index) => (
            <ReportRow
              key={index}
              cells={[String(problem.row), problem.name ?? "", problem.reasons.join(" ")]}
            />
          ))}
        </ReportTable>
      )}
      {report.samples.length > 0 && (
        <ReportTable
          caption={`${report.dryRun ? "Would change" : "Changed"}${report.created + report.updated > report.samples.length ? ` (the first ${report.samples.length})` : ""}`}
          headings={["Row", "Name", "What"]}
        >
          {report.samples.map((sample, index) => (
            <ReportRow
              key={index}
              cells={[
                String(sample.row),
                sample.name,
                sample.kind === "create"
                  ? "New tool"
                  : `Update (matched by ${sample.matchedBy}): ${sample.changed.join(", ")}`,
              ]}
            />
          ))}
        </ReportTable>
      )}
    </div>
  );
}

/** Row, name, and what happened to it (the last in a lighter tone). */
function ReportRow({ cells }: { cells: string[] }) {
  return (
    <tr className="border-t border-slate-100 align-top">
      {cells.map((cell, column) => (
        <td
          key={column}
          className={`px-4 py-2 ${column === 2 ? "text-slate-700" : "text-slate-900"}`}
        >
          {cell}
        </td>
      ))}
    </tr>
  );
}
