import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

// Loaded only by the dashboard, only in the browser (metric-chart.tsx imports it in an effect), so
// uPlot and its styles stay out of every other page's JavaScript.

// Tailwind's brand-700 and slate-400, as the legend in metric-chart.tsx shows them.
const CURRENT_COLOUR = "#1d41b8";
const PREVIOUS_COLOUR = "#94a3b8";

export interface ChartData {
  /** The chosen range's days (YYYY-MM-DD); the previous range is drawn against them, day by day. */
  days: readonly string[];
  current: readonly number[];
  previous: readonly number[];
}

export type Chart = Pick<uPlot, "destroy" | "setSize">;

export function drawChart(target: HTMLElement, data: ChartData, height: number): Chart {
  const xs = data.days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
  const options: uPlot.Options = {
    width: Math.max(target.clientWidth, 1),
    height,
    // The days are UTC days: label them so, wherever the browser is.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { y: { range: (_chart, _min, max) => [0, Math.max(max, 1)] } },
    axes: [
      { stroke: "#475569", grid: { stroke: "#e2e8f0" }, ticks: { stroke: "#e2e8f0" } },
      {
        stroke: "#475569",
        grid: { stroke: "#e2e8f0" },
        ticks: { stroke: "#e2e8f0" },
        // Wide enough for the longest label ("30,000"), about 7 px a character.
        size: (_chart, values) =>
          18 + 7 * Math.max(1, ...(values ?? []).map((value) => value.length)),
        // Counts are whole numbers: no tick between them.
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 50_000, 100_000],
      },
    ],
    series: [
      {},
      { label: "This range", stroke: CURRENT_COLOUR, width: 2, points: { show: false } },
      {
        label: "Previous range",
        stroke: PREVIOUS_COLOUR,
        width: 2,
        dash: [6, 4],
        points: { show: false },
      },
    ],
  };
  return new uPlot(options, [xs, [...data.current], [...data.previous]], target);
}
