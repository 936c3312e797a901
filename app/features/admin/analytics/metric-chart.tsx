import { useEffect, useId, useRef, useState } from "react";
import type { AnalyticsDay, AnalyticsReport } from "~/lib/api/contract";
import { toCsv } from "./csv";
import type { Chart } from "./draw-chart";
import type { METRICS } from "./metrics";
import { formatDay } from "./format";

const CHART_HEIGHT = 200;
// The lines' colours in draw-chart.ts, which only the effect imports so uPlot stays in its own chunk.
const CURRENT_SWATCH = "border-brand-700";
const PREVIOUS_SWATCH = "border-dashed border-slate-400";

type Metric = (typeof METRICS)[number];

/** A metric's rows: each day of the chosen range beside the same day of the previous one. */
function rowsOf(
  metric: Metric,
  days: readonly AnalyticsDay[],
  previousDays: readonly AnalyticsDay[],
) {
  return days.map((day, index) => ({
    day: day.day,
    value: day[metric.key],
    previousDay: previousDays[index]?.day ?? null,
    previousValue: previousDays[index]?.[metric.key] ?? null,
  }));
}

/** Starts a download of `text` as a file, without a round trip to the server. */
function downloadText(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * One metric per day, this range against the previous one: a uPlot chart (hidden from assistive
 * technology), a table of the same figures (always read by screen readers, shown on request) and
 * its CSV.
 */
export function MetricChart({
  metric,
  report,
}: {
  metric: Metric;
  report: Pick<AnalyticsReport, "days" | "previousDays" | "range">;
}) {
  const id = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const [chartState, setChartState] = useState<"loading" | "drawn" | "failed">("loading");
  const [isTableShown, setTableShown] = useState(false);
  const rows = rowsOf(metric, report.days, report.previousDays);

  const { days, previousDays } = report;
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let chart: Chart | null = null;
    let observer: ResizeObserver | null = null;
    let isCancelled = false;
    setChartState("loading");
    import("./draw-chart")
      .then(({ drawChart }) => {
        if (isCancelled) return;
        chart = drawChart(
          container,
          {
            days: days.map((day) => day.day),
            current: days.map((day) => day[metric.key]),
            previous: days.map((_, index) => previousDays[index]?.[metric.key] ?? 0),
          },
          CHART_HEIGHT,
        );
        observer = new ResizeObserver(() =>
          chart?.setSize({ width: Math.max(container.clientWidth, 1), height: CHART_HEIGHT }),
        );
        observer.observe(container);
        setChartState("drawn");
      })
      .catch(() => {
        if (!isCancelled) setChartState("failed");
      });
    return () => {
      isCancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days, previousDays, metric.key]);

  function downloadCsv() {
    const column = metric.label.toLowerCase().replaceAll(/\W+/g, "_");
    const csv = toCsv(
      ["day", column, "previous_day", `previous_${column}`],
      rows.map((row) => [row.day, row.value, row.previousDay, row.previousValue]),
    );
    downloadText(`${column}-${report.range.from}-to-${report.range.to}.csv`, csv);
  }

  const headingId = `${id}-heading`;
  const tableId = `${id}-table`;
  return (
    <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={headingId} className="font-semibold text-slate-950">
        {metric.label} per day
      </h3>
      <p className="mt-1 text-sm text-slate-600">{metric.note}</p>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-hidden="true">
        <li className="flex items-center gap-2">
          <span className={`inline-block w-6 border-t-2 ${CURRENT_SWATCH}`} />
          This range
        </li>
        <li className="flex items-center gap-2">
          <span className={`inline-block w-6 border-t-2 ${PREVIOUS_SWATCH}`} />
          Previous range
        </li>
      </ul>
      <div className="relative mt-2 overflow-hidden" style={{ minHeight: CHART_HEIGHT }}>
        <div ref={containerRef} aria-hidden="true" data-chart={metric.key} className="w-full" />
        {chartState !== "drawn" && (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-slate-600">
            {chartState === "loading"
              ? "Drawing the chart..."
              : "The chart could not be drawn; the table has the same figures."}
          </p>
        )}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          aria-controls={tableId}
          aria-expanded={isTableShown}
          onClick={() => setTableShown((shown) => !shown)}
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          {isTableShown ? "Hide table" : "Show table"}
          <span className="sr-only"> of {metric.label.toLowerCase()} per day</span>
        </button>
        <button
          type="button"
          onClick={downloadCsv}
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          Download CSV<span className="sr-only"> of {metric.label.toLowerCase()} per day</span>
        </button>
      </div>
      <div
        id={tableId}
        className={
          isTableShown
            ? "mt-3 max-h-80 overflow-auto rounded-lg border border-slate-200"
            : "sr-only"
        }
        {...(isTableShown ? { tabIndex: 0, role: "region", "aria-labelledby": headingId } : {})}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            {metric.label} per day, this range and the previous one
          </caption>
          <thead className="sticky top-0 bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="p-2">
                Day
              </th>
              <th scope="col" className="p-2 text-right">
                {metric.label}
              </th>
              <th scope="col" className="p-2">
                Previous range day
              </th>
              <th scope="col" className="p-2 text-right">
                {metric.label} then
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.day}>
                <th scope="row" className="p-2 font-normal whitespace-nowrap">
                  {formatDay(row.day)}
                </th>
                <td className="p-2 text-right tabular-nums">{row.value.toLocaleString("en-US")}</td>
                <td className="p-2 whitespace-nowrap">
                  {row.previousDay ? formatDay(row.previousDay) : ""}
                </td>
                <td className="p-2 text-right tabular-nums">
                  {row.previousValue?.toLocaleString("en-US") ?? ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
