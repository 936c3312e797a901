import { LocalDate } from "~/components/local-date";
import type { ImportJobSummary } from "~/lib/catalogue-import";
import { RunHistory, type RunHistoryColumn } from "../run-history";

const RESULT_LABELS: Record<ImportJobSummary["status"], string> = {
  succeeded: "Done",
  rejected: "Rejected rows, nothing written",
  failed: "File not readable",
};

const COLUMNS: RunHistoryColumn<ImportJobSummary>[] = [
  {
    heading: "When",
    cell: (job) => <LocalDate value={job.finishedAt} withTime />,
    className: "whitespace-nowrap",
  },
  { heading: "Who", cell: (job) => job.userEmail, className: "whitespace-nowrap" },
  { heading: "File", cell: (job) => job.fileName, className: "min-w-40 break-words" },
  {
    heading: "Kind",
    cell: (job) => (job.dryRun ? "Dry run" : "Import"),
    className: "whitespace-nowrap",
  },
  { heading: "Result", cell: (job) => RESULT_LABELS[job.status], className: "min-w-40" },
  { heading: "Created", cell: (job) => job.created, className: "text-right" },
  { heading: "Updated", cell: (job) => job.updated, className: "text-right" },
  { heading: "Unchanged", cell: (job) => job.unchanged, className: "text-right" },
  { heading: "Rejected", cell: (job) => job.rejected, className: "text-right" },
];

/** The import record: the latest imports and dry runs, who ran them and what they did. */
export function ImportHistory({ jobs }: { jobs: ImportJobSummary[] }) {
  return (
    <RunHistory title="Recent imports" emptyText="No imports yet." jobs={jobs} columns={COLUMNS} />
  );
}
