import { toolQuerySchema } from "~/lib/tool-query";
import { snapshotOfRows } from "../server/snapshot/snapshot-keeper.server";
import { generateDemoCatalogue } from "../server/seed/demo-catalogue.server";
import { findTools } from "../server/services/tools/find-tools.server";
import type { ToolRow } from "../server/db/schema";

// `npm run bench`: the catalogue query (search + filters + sort + facets) over
// an in-memory snapshot of 10,000 generated tools. DESIGN.md 9 budget: median < 5 ms, p95 < 15 ms.

const TOOL_COUNT = Number(process.env.BENCH_TOOLS ?? 10_000);
const RUNS = 200;

const rows = generateDemoCatalogue(TOOL_COUNT).tools as ToolRow[];
const buildStarted = performance.now();
const snapshot = snapshotOfRows(rows);
const buildMs = performance.now() - buildStarted;

const QUERIES: Record<string, Record<string, unknown>> = {
  "default (Newest, 21)": {},
  "category + Most Liked": { category: "Marketing", sort: "Most Liked" },
  "subcategories + Free": { subcategory: ["SEO", "Copywriting", "Chatbots"], pricing: "Free" },
  "search 'meeting notes'": { search: "meeting notes" },
  "search + category + Rating": {
    search: "invoice",
    category: "Finance & Accounting",
    sort: "Rating",
  },
  "load more (offset 210)": { offset: 210, limit: 9, sort: "Most Viewed" },
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

console.log(
  `catalogue query over ${snapshot.tools.length} tools (snapshot built in ${buildMs.toFixed(1)} ms), ${RUNS} runs each`,
);
console.log(
  "query".padEnd(32),
  "median ms".padStart(10),
  "p95 ms".padStart(10),
  "results".padStart(9),
);
for (const [label, raw] of Object.entries(QUERIES)) {
  const query = toolQuerySchema.parse(raw);
  const times: number[] = [];
  let total = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    total = findTools(snapshot, query).total;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    label.padEnd(32),
    percentile(times, 50).toFixed(2).padStart(10),
    percentile(times, 95).toFixed(2).padStart(10),
    String(total).padStart(9),
  );
}
