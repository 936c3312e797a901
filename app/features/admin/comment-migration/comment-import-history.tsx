import { LocalDate } from "~/components/local-date";
import type { CommentImportJobSummary } from "~/lib/comment-import";
import { RunHistory, type RunHistoryColumn } from "../run-history";

const RESULT_LABELS: Record<CommentImportJobSummary["status"], string> = {
  succeeded: "Done",
  rejected: "File refused, nothing written",
  failed: "Stopped at a failed batch",
};

const COLUMNS: RunHistoryColumn<CommentImportJobSummary>[] = [
  {
    heading: "When",
    cell: (job) => <LocalDate value={job.finishedAt} withTime />,
    className: "whitespace-nowrap",
  },
  { heading: "Who", cell: (job) => job.userEmail, className: "min-w-32 break-all" },
  { heading: "File", cell: (job) => job.fileName, className: "min-w-32 [overflow-wrap:anywhere]" },
  { heading: "Source", cell: (job) => job.source, className: "whitespace-nowrap" },
  {
    heading: "Kind",
    cell: (job) => (job.dryRun ? "Dry run" : job.replace ? "Import (replace)" : "Import"),
    className: "whitespace-nowrap",
  },
  {
    heading: "Result",
    cell: (job) => RESULT_LABELS[job.status],
    className: "min-w-32",
    title: (job) => job.message,
  },
  {
    heading: "Threads matched",
    cell: (job) => `${job.matchedThreads} of ${job.matchedThreads + job.unmatchedThreads}`,
    className: "text-right",
  },
  {
    heading: "Imported",
    cell: (job) => (job.dryRun ? `(${job.toImport})` : job.imported),
    className: "text-right",
  },
  { heading: "Already imported", cell: (job) => job.alreadyImported, className: "text-right" },
];

/** The migration record: the latest runs and dry runs, who ran them and what they did. */
export function CommentImportHistory({ jobs }: { jobs: CommentImportJobSummary[] }) {
  return (
    <RunHistory
      title="Recent runs"
      emptyText="No comment imports yet."
      jobs={jobs}
      columns={COLUMNS}
    />
  );
}
