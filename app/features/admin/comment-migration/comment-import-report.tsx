import { Link } from "react-router";
import type { CommentImportReport } from "~/lib/comment-import";
import { ReportCount, ReportStatusBox, ReportTable } from "../report-frame";

const MATCHED_BY: Record<CommentImportReport["matchedSamples"][number]["matchedBy"], string> = {
  path: "Tool path",
  alias: "/tool/ link",
  "old-slug": "Old slug in the link",
  id: "Thread id",
  slug: "Slug in the file",
  "tool-id": "Tool id in the file",
  mapping: "Mapping file",
};

/** What a dry run or an import of comments did: counts, matched and unmatched threads, problems. */
export function CommentImportReportView({ report }: { report: CommentImportReport }) {
  const counts: [string, number][] = [
    ["Threads matched", report.matchedThreads],
    ["Threads unmatched", report.unmatchedThreads],
    [report.dryRun ? "To import" : "Imported", report.dryRun ? report.toImport : report.imported],
    ["Already imported", report.alreadyImported],
    ["Spam skipped", report.skippedSpam],
    ["Deleted skipped", report.skippedDeleted],
    ["Kept as placeholders", report.placeholders],
    ["Replies without parent", report.orphans],
    ["In unmatched threads", report.inUnmatchedThreads],
    ["Malformed", report.invalid],
    ["Ratings", report.ratings],
    ["Tools", report.tools],
  ];
  if (report.replace) {
    counts.push(
      [report.dryRun ? "Earlier to remove" : "Earlier removed", report.replaced],
      ["Earlier kept (replied to)", report.keptForReplies],
    );
  }
  return (
    <div className="space-y-4">
      <ReportStatusBox status={report.status}>
        <p className="font-semibold break-words">{report.message}</p>
        {report.status !== "rejected" && (
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            {counts.map(([label, value]) => (
              <ReportCount key={label} label={label} value={value} />
            ))}
          </dl>
        )}
        <p className="mt-3 text-sm opacity-90">
          Source <code>{report.source}</code>, {report.fileName},{" "}
          {report.elapsedMs.toLocaleString("en-US")} ms.
        </p>
      </ReportStatusBox>

      {report.problems.length > 0 && (
        <ReportTable
          caption={`Problems${report.invalid > report.problems.length ? ` (the first ${report.problems.length})` : ""}`}
          headings={["Line", "Record", "Problem"]}
        >
          {report.problems.map((problem, index) => (
            <tr key={index} className="border-t border-slate-100 align-top">
              <td className="px-4 py-2 whitespace-nowrap">{problem.line ?? "–"}</td>
              <td className="min-w-32 px-4 py-2 break-words">{problem.record ?? "The file"}</td>
              <td className="min-w-56 px-4 py-2 text-slate-700">{problem.message}</td>
            </tr>
          ))}
        </ReportTable>
      )}
      {report.unmatchedSamples.length > 0 && (
        <ReportTable
          caption={`Unmatched threads${report.unmatchedThreads > report.unmatchedSamples.length ? ` (${report.unmatchedSamples.length} of ${report.unmatchedThreads.toLocaleString("en-US")}, most comments first)` : ""}`}
          headings={["Thread", "Link or id", "Comments"]}
        >
          {report.unmatchedSamples.map((sample) => (
            <tr key={sample.thread} className="border-t border-slate-100 align-top">
              <td className="min-w-32 px-4 py-2">{sample.title ?? sample.thread}</td>
              <td className="min-w-56 px-4 py-2 break-all text-slate-700">
                {sample.link ?? sample.identifier ?? sample.thread}
              </td>
              <td className="px-4 py-2 text-right">{sample.comments}</td>
            </tr>
          ))}
        </ReportTable>
      )}
      {report.matchedSamples.length > 0 && (
        <ReportTable
          caption={`Matched threads${report.matchedThreads > report.matchedSamples.length ? ` (${report.matchedSamples.length} of ${report.matchedThreads.toLocaleString("en-US")}, most comments first)` : ""}`}
          headings={["Thread", "Tool", "Matched by", "Comments"]}
        >
          {report.matchedSamples.map((sample) => (
            <tr key={sample.thread} className="border-t border-slate-100 align-top">
              <td className="min-w-56 px-4 py-2 break-all">
                {sample.link ?? sample.title ?? sample.thread}
              </td>
              <td className="min-w-32 px-4 py-2">
                <Link to={sample.tool.path} className="font-medium text-brand-700 underline">
                  {sample.tool.name}
                </Link>
              </td>
              <td className="min-w-28 px-4 py-2 text-slate-700">{MATCHED_BY[sample.matchedBy]}</td>
              <td className="px-4 py-2 text-right">{sample.comments}</td>
            </tr>
          ))}
        </ReportTable>
      )}
    </div>
  );
}
