import { renameSync, writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

// Loaded into the fuzzed server with `--import`: the event loop's delays, measured by
// monitorEventLoopDelay at 10 ms resolution, written to FUZZ_LOOP_DELAY_FILE twice a second. SIGUSR2
// starts a new measurement, so the server's start (migrations, the first index) is left out. The
// longest stalls are kept with their time, for the suite to name the requests then in flight.

export interface LoopDelays {
  /** How many times the measurement was started again; a new one is seen once this moves. */
  starts: number;
  maxMs: number;
  p99Ms: number;
  meanMs: number;
  /** The longest stalls past 50 ms, longest first, with when they ended (epoch ms). */
  stalls: { at: number; ms: number }[];
}

/** Stalls are told apart from a 10 ms timer's lateness; this many of the longest are kept. */
const KEPT_STALLS = 5;

const file = process.env.FUZZ_LOOP_DELAY_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let starts = 0;
  let stalls: LoopDelays["stalls"] = [];
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const late = now - last - 10;
    last = now;
    if (late <= 50) return;
    stalls = [...stalls, { at: Date.now(), ms: Math.round(late) }]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, KEPT_STALLS);
  }, 10).unref();
  const write = () => {
    const delays: LoopDelays = {
      starts,
      maxMs: histogram.max / 1e6,
      p99Ms: histogram.percentile(99) / 1e6,
      meanMs: histogram.mean / 1e6,
      stalls,
    };
    // Written aside and renamed, so the suite never reads a half-written file.
    writeFileSync(`${file}.next`, JSON.stringify(delays));
    renameSync(`${file}.next`, file);
  };
  setInterval(write, 500).unref();
  process.on("SIGUSR2", () => {
    histogram.reset();
    stalls = [];
    starts++;
    write();
  });
  write();
}
