import { Form, Link, useNavigation } from "react-router";
import { Spinner } from "~/components/form-controls";
import type { AnalyticsReport } from "~/lib/api/contract";
import { DroppedEventsPanel } from "./dropped-events-panel";
import { changeOf, describeChange } from "./change";
import { describeRange } from "./format";
import { MetricChart } from "./metric-chart";
import { METRICS } from "./metrics";
import { previousRangeOf } from "~/lib/utc-days";
import { lastDays, lengthOf, PRESET_DAYS, rangeHref } from "./range";
import type { RangeInput } from "./read-range";
import {
  CampaignsTable,
  EmptySearchesTable,
  ErrorsTable,
  ReferrersTable,
  TopSearchesTable,
  TopToolsTable,
} from "./report-tables";

export interface AnalyticsDashboardProps {
  /** Today's UTC day on the server, so the presets are the same in both renders. */
  today: string;
  /** The range as the address gave it (or the default). */
  input: RangeInput;
  /** Set when the address's range is malformed: what is wrong with each end. */
  problems: { from?: string; to?: string } | null;
  report: AnalyticsReport | null;
}

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm aria-invalid:border-red-600";

/** /admin/analytics: the chosen range's figures against the previous range's. */
export function AnalyticsDashboard({ today, input, problems, report }: AnalyticsDashboardProps) {
  const navigation = useNavigation();
  const isLoading =
    navigation.state === "loading" && navigation.location.pathname === "/admin/analytics";
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-950">Analytics</h1>
      <p className="mt-1 text-slate-600">
        Whole days in UTC. Each figure is compared with the same number of days just before.
      </p>
      <RangeChooser today={today} input={input} problems={problems} />
      {isLoading && (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-700">
          <Spinner className="size-4 text-brand-700" />
          Loading the figures for the new range...
        </p>
      )}
      {report && (
        <div aria-busy={isLoading} className={isLoading ? "opacity-60 transition-opacity" : ""}>
          <Report report={report} />
        </div>
      )}
    </div>
  );
}

function RangeChooser({
  today,
  input,
  problems,
}: Pick<AnalyticsDashboardProps, "today" | "input" | "problems">) {
  return (
    <section
      aria-labelledby="range-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="range-heading" className="font-semibold text-slate-950">
        Range
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {PRESET_DAYS.map((days) => {
          const range = lastDays(today, days);
          const isCurrent = !problems && range.from === input.from && range.to === input.to;
          return (
            <li key={days}>
              <Link
                to={rangeHref(range)}
                aria-current={isCurrent ? "page" : undefined}
                className={`inline-block rounded-full border px-3 py-1.5 text-sm font-medium ${isCurrent ? "border-brand-600 bg-brand-50 text-brand-800" : "border-slate-300 text-slate-700 hover:bg-slate-50"}`}
              >
                Last {days} days
              </Link>
            </li>
          );
        })}
      </ul>
      <Form method="get" className="mt-4 flex flex-wrap items-start gap-3" noValidate>
        <RangeField name="from" label="From" value={input.from} problem={problems?.from} />
        <RangeField name="to" label="To" value={input.to} problem={problems?.to} />
        <button
          type="submit"
          className="mt-6 rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
        >
          Show range
        </button>
      </Form>
      {problems ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          This range cannot be shown. {[problems.from, problems.to].filter(Boolean).join(" ")}
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-600">
          {lengthOf(input).toLocaleString("en-US")} {lengthOf(input) === 1 ? "day" : "days"},
          compared with {describeRange(previousRangeOf(input))}.
        </p>
      )}
    </section>
  );
}

function RangeField({
  name,
  label,
  value,
  problem,
}: {
  name: "from" | "to";
  label: string;
  value: string;
  problem: string | undefined;
}) {
  const problemId = `range-${name}-problem`;
  return (
    <div className="w-44">
      <label htmlFor={`range-${name}`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {/* The key resets the field when the address's range changes (a preset, say). */}
      <input
        key={value}
        id={`range-${name}`}
        name={name}
        type="date"
        defaultValue={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        className={inputClass}
      />
      {problem && (
        <p id={problemId} className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

function Report({ report }: { report: AnalyticsReport }) {
  return (
    <>
      <section aria-labelledby="summary-heading" className="mt-8">
        <h2 id="summary-heading" className="text-xl font-semibold text-slate-950">
          Summary
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {describeRange(report.range)}, compared with {describeRange(report.previousRange)}.
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-3">
          {METRICS.map((metric) => {
            const current = report.totals[metric.key];
            const previous = report.previousTotals[metric.key];
            const change = changeOf(current, previous);
            const tone =
              change.kind === "down"
                ? "text-red-700"
                : change.kind === "same"
                  ? "text-slate-600"
                  : "text-emerald-700";
            return (
              <div
                key={metric.key}
                className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <dt className="text-sm font-medium text-slate-600">{metric.label}</dt>
                <dd className="mt-1 text-2xl font-semibold text-slate-950 tabular-nums">
                  {current.toLocaleString("en-US")}
                </dd>
                <dd className={`mt-1 text-sm ${tone}`}>
                  {describeChange(change)}{" "}
                  <span className="text-slate-600">
                    (previously {previous.toLocaleString("en-US")})
                  </span>
                </dd>
              </div>
            );
          })}
        </dl>
      </section>
      <section aria-labelledby="charts-heading" className="mt-10">
        <h2 id="charts-heading" className="text-xl font-semibold text-slate-950">
          Per day
        </h2>
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          {METRICS.map((metric) => (
            <MetricChart key={metric.key} metric={metric} report={report} />
          ))}
        </div>
      </section>
      <section aria-labelledby="content-heading" className="mt-10">
        <h2 id="content-heading" className="text-xl font-semibold text-slate-950">
          Tools and searches
        </h2>
        <div className="mt-4 grid gap-4 lg:grid-cols-3">
          <TopToolsTable rows={report.topTools} />
          <TopSearchesTable rows={report.topSearches} />
          <EmptySearchesTable rows={report.emptySearches} />
        </div>
      </section>
      <section aria-labelledby="sources-heading" className="mt-10">
        <h2 id="sources-heading" className="text-xl font-semibold text-slate-950">
          Where visitors came from
        </h2>
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <ReferrersTable rows={report.referrers} />
          <CampaignsTable rows={report.campaigns} />
        </div>
      </section>
      <section aria-labelledby="errors-heading" className="mt-10">
        <h2 id="errors-heading" className="text-xl font-semibold text-slate-950">
          Errors
        </h2>
        <div className="mt-4">
          <ErrorsTable rows={report.errors} />
        </div>
      </section>
      <DroppedEventsPanel dropped={report.dropped} />
      <NewsletterPanel counts={report.newsletter} />
    </>
  );
}

function NewsletterPanel({ counts }: { counts: AnalyticsReport["newsletter"] }) {
  const figures = [
    { label: "Waiting for confirmation", value: counts.pending },
    { label: "Confirmed", value: counts.confirmed },
    { label: "Unsubscribed", value: counts.unsubscribed },
  ];
  return (
    <section aria-labelledby="newsletter-heading" className="mt-10">
      <h2 id="newsletter-heading" className="text-xl font-semibold text-slate-950">
        Newsletter
      </h2>
      <p className="mt-1 text-sm text-slate-600">Subscribers now, whatever the range.</p>
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        {figures.map((figure) => (
          <div
            key={figure.label}
            className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <dt className="text-sm font-medium text-slate-600">{figure.label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-950 tabular-nums">
              {figure.value.toLocaleString("en-US")}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-4">
        <a
          href="/api/admin/newsletter/subscribers.csv"
          download
          className="font-medium text-brand-700 underline"
        >
          Download the confirmed subscribers (CSV)
        </a>
      </p>
    </section>
  );
}
