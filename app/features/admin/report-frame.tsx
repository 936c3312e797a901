import { Spinner } from "~/components/form-controls";

type RunStatus = "succeeded" | "rejected" | "failed";

const TONES: Record<RunStatus, string> = {
  succeeded: "border-green-300 bg-green-50 text-green-900",
  rejected: "border-red-300 bg-red-50 text-red-900",
  failed: "border-red-300 bg-red-50 text-red-900",
};

/** A run's outcome box: a status when it succeeded, an alert otherwise. */
export function ReportStatusBox({
  status,
  children,
}: {
  status: RunStatus;
  children: React.ReactNode;
}) {
  return (
    <div
      role={status === "succeeded" ? "status" : "alert"}
      className={`rounded-xl border p-4 ${TONES[status]}`}
    >
      {children}
    </div>
  );
}

/** One of the report's counts, inside a `dl`. */
export function ReportCount({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-xs tracking-wide uppercase opacity-80">{label}</dt>
      <dd className="text-lg font-semibold">{value.toLocaleString("en-US")}</dd>
    </div>
  );
}

/** A captioned table of a report's rows (problems, samples) that scrolls on a phone. */
export function ReportTable({
  caption,
  headings,
  children,
}: {
  caption: string;
  headings: string[];
  children: React.ReactNode;
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
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A run on its way: its phase, how far it is in counts when known, and a progress bar. */
export function RunProgress({
  label,
  fraction,
  counts,
}: {
  label: string;
  fraction: number;
  counts: { done: number; total: number } | null;
}) {
  return (
    <div role="status" className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="flex items-center gap-2 font-medium text-slate-800">
        <Spinner className="size-4 text-brand-700" />
        {label}
        {counts &&
          ` (${counts.done.toLocaleString("en-US")} of ${counts.total.toLocaleString("en-US")})`}
        ...
      </p>
      <progress
        className="mt-3 h-2 w-full accent-brand-700"
        max={1}
        value={fraction}
        aria-label={label}
      />
    </div>
  );
}
