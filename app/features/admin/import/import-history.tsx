import { LocalDate } from "~/components/local-date";
import type { ImportJobSummary } from "~/lib/catalogue-import";

const RESULT_LABELS: Record<ImportJobSummary["status"], string> = {
  succeeded: "Done",
  rejected: "Rejected rows, nothing written",
  failed: "File not readable",
};

/** The import record (issue 7): the latest imports and dry runs, who ran them and what they did. */
export function ImportHistory({ jobs }: { jobs: ImportJobSummary[] }) {
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">Recent imports</h2>
      {jobs.length === 0 ? (
        <p className="mt-2 text-slate-600">No imports yet.</p>
      ) : (
        <div
          role="region"
          aria-label="Recent imports, scrollable"
          tabIndex={0}
          className="mt-2 overflow-x-auto rounded-xl border border-slate-200 bg-white"
        >
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {[
                  "When",
                  "Who",
                  "File",
                  "Kind",
                  "Result",
                  "Created",
                  "Updated",
                  "Unchanged",
                  "Rejected",
                ].map((heading) => (
                  <th key={heading} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={job.id} className="border-t border-slate-100">
                  <td className="px-3 py-2 whitespace-nowrap">
                    <LocalDate value={job.finishedAt} withTime />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{job.userEmail}</td>
                  <td className="min-w-40 px-3 py-2 break-words">{job.fileName}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {job.dryRun ? "Dry run" : "Import"}
                  </td>
                  <td className="min-w-40 px-3 py-2">{RESULT_LABELS[job.status]}</td>
                  <td className="px-3 py-2 text-right">{job.created}</td>
                  <td className="px-3 py-2 text-right">{job.updated}</td>
                  <td className="px-3 py-2 text-right">{job.unchanged}</td>
                  <td className="px-3 py-2 text-right">{job.rejected}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
