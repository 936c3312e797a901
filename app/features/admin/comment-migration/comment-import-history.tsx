import { LocalDate } from "~/components/local-date";
import type { CommentImportJobSummary } from "~/lib/comment-import";

const RESULT_LABELS: Record<CommentImportJobSummary["status"], string> = {
  succeeded: "Done",
  rejected: "File refused, nothing written",
  failed: "Stopped at a failed batch",
};

/** The migration record (issue 17): the latest runs and dry runs, who ran them and what they did. */
export function CommentImportHistory({ jobs }: { jobs: CommentImportJobSummary[] }) {
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">Recent runs</h2>
      {jobs.length === 0 ? (
        <p className="mt-2 text-slate-600">No comment imports yet.</p>
      ) : (
        <div
          role="region"
          aria-label="Recent runs, scrollable"
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
                  "Source",
                  "Kind",
                  "Result",
                  "Threads matched",
                  "Imported",
                  "Already imported",
                ].map((heading) => (
                  <th key={heading} scope="col" className="px-2 py-2 align-bottom font-medium">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={job.id} className="border-t border-slate-100 align-top">
                  <td className="px-2 py-2 whitespace-nowrap">
                    <LocalDate value={job.finishedAt} withTime />
                  </td>
                  <td className="min-w-32 px-2 py-2 break-all">{job.userEmail}</td>
                  <td className="min-w-32 px-2 py-2 [overflow-wrap:anywhere]">{job.fileName}</td>
                  <td className="px-2 py-2 whitespace-nowrap">{job.source}</td>
                  <td className="px-2 py-2 whitespace-nowrap">
                    {job.dryRun ? "Dry run" : job.replace ? "Import (replace)" : "Import"}
                  </td>
                  <td className="min-w-32 px-2 py-2" title={job.message}>
                    {RESULT_LABELS[job.status]}
                  </td>
                  <td className="px-2 py-2 text-right">
                    {job.matchedThreads} of {job.matchedThreads + job.unmatchedThreads}
                  </td>
                  <td className="px-2 py-2 text-right">
                    {job.dryRun ? `(${job.toImport})` : job.imported}
                  </td>
                  <td className="px-2 py-2 text-right">{job.alreadyImported}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
