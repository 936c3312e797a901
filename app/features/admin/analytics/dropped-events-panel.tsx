import type { AnalyticsReport } from "~/lib/api/contract";
import { plural } from "~/lib/tool";

/**
 * The events the server refused in the range (docs/analytics.md): a client's events beyond its
 * share a minute, views of tool ids that name no tool, and views repeated within 30 minutes. A
 * large count means someone tried to inflate the figures above; those figures left them out.
 */
export function DroppedEventsPanel({ dropped }: { dropped: AnalyticsReport["dropped"] }) {
  const reasons = [
    { label: "Over a visitor's limit a minute", value: dropped.overLimit },
    { label: "Naming no tool", value: dropped.unknownTool },
    { label: "Repeated views within 30 minutes", value: dropped.repeatView },
  ];
  return (
    <section aria-labelledby="dropped-heading" className="mt-10">
      <h2 id="dropped-heading" className="text-xl font-semibold text-slate-950">
        Events dropped
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {plural(dropped.total, "event")} in the range {dropped.total === 1 ? "was" : "were"} not
        counted. Searches, referrers and campaigns are listed only once 3 different visitors sent
        them.
      </p>
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        {reasons.map((reason) => (
          <div
            key={reason.label}
            className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <dt className="text-sm font-medium text-slate-600">{reason.label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-950 tabular-nums">
              {reason.value.toLocaleString("en-US")}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
