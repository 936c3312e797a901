export interface RunHistoryColumn<Job> {
  heading: string;
  cell: (job: Job) => React.ReactNode;
  /** The cell's own classes (alignment, wrapping) beside the shared padding. */
  className?: string;
  /** A cell's tooltip, such as the run's full message. */
  title?: (job: Job) => string;
}

interface RunHistoryProps<Job extends { id: string | number }> {
  title: string;
  emptyText: string;
  jobs: Job[];
  columns: RunHistoryColumn<Job>[];
}

/** The latest runs of an admin import, one row each, in a table that scrolls on a phone. */
export function RunHistory<Job extends { id: string | number }>({
  title,
  emptyText,
  jobs,
  columns,
}: RunHistoryProps<Job>) {
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {jobs.length === 0 ? (
        <p className="mt-2 text-slate-600">{emptyText}</p>
      ) : (
        <div
          role="region"
          aria-label={`${title}, scrollable`}
          tabIndex={0}
          className="mt-2 overflow-x-auto rounded-xl border border-slate-200 bg-white"
        >
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.heading}
                    scope="col"
                    className="px-2 py-2 align-bottom font-medium"
                  >
                    {column.heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={job.id} className="border-t border-slate-100 align-top">
                  {columns.map((column) => (
                    <td
                      key={column.heading}
                      className={`px-2 py-2 ${column.className ?? ""}`}
                      title={column.title?.(job)}
                    >
                      {column.cell(job)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
