import compression from "compression";
import express from "express";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import type { ToolRow } from "../server/db/schema";
import { discoveryRoutes } from "../server/routes/discovery-routes.server";
import { generateDemoCatalogue } from "../server/seed/demo-catalogue.server";
import { buildFeeds } from "../server/services/discovery/build-feeds.server";
import { buildSitemap, type Sitemap } from "../server/services/discovery/build-sitemap.server";
import { snapshotOfRows } from "../server/snapshot/snapshot-keeper.server";

// `npm run bench:sitemap`: the sitemap of a generated catalogue of 100,000 online tools
// (BENCH_TOOLS overrides): its URL count and chunks, the cold build (median of BUILD_RUNS; each
// on a new snapshot object, so the alternatives' word indexes are built again as after a
// catalogue change; the updated_at query is not included), and the time to serve one full chunk
// over HTTP as the server does, plain and gzip-compressed (median of SERVE_RUNS).

const TOOLS = Number(process.env.BENCH_TOOLS ?? 100_000);
const BUILD_RUNS = 3;
const SERVE_RUNS = 20;
const APP_URL = "https://directory.example.com";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

console.log(`Generating ${TOOLS.toLocaleString("en-US")} tools...`);
const rows = generateDemoCatalogue(TOOLS).tools as ToolRow[];
const snapshot = snapshotOfRows(rows);
const updatedAt = new Map(rows.map((row) => [row.id, row.updatedAt ?? row.createdAt]));

let sitemap: Sitemap | undefined;
const buildTimes: number[] = [];
for (let run = 0; run < BUILD_RUNS; run++) {
  const fresh = { ...snapshot };
  const started = performance.now();
  sitemap = await buildSitemap({ snapshot: fresh, updatedAt, appUrl: APP_URL });
  buildTimes.push(performance.now() - started);
}
const built = sitemap!;
const feedStarted = performance.now();
buildFeeds({ snapshot, updatedAt, appUrl: APP_URL });
const feedMs = performance.now() - feedStarted;

const chunkBytes = built.chunks.map((chunk) => chunk.body.length);
console.log(`online tools:        ${snapshot.tools.length.toLocaleString("en-US")}`);
console.log(`sitemap URLs:        ${built.urlCount.toLocaleString("en-US")}`);
console.log(`chunks:              ${built.chunks.length} (at most 50,000 URLs each)`);
console.log(
  `chunk sizes:         ${chunkBytes.map((bytes) => `${(bytes / 1e6).toFixed(1)} MB`).join(", ")}`,
);
console.log(
  `cold build:          median ${ms(median(buildTimes))} of ${BUILD_RUNS} (${buildTimes.map(ms).join(", ")})`,
);
console.log(`feeds build:         ${ms(feedMs)}`);

const app = express();
app.use(compression());
app.use(
  discoveryRoutes(
    {
      services: {
        getSitemap: async () => built,
        getFeeds: async () => buildFeeds({ snapshot, updatedAt, appUrl: APP_URL }),
        getLlmsText: () => "",
      },
    },
    APP_URL,
  ),
);
const server = app.listen(0, "127.0.0.1");
await once(server, "listening");
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function timeServing(encoding: string) {
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < SERVE_RUNS; run++) {
    const started = performance.now();
    const response = await fetch(`${base}/sitemaps/1.xml`, {
      headers: { "Accept-Encoding": encoding },
    });
    bytes = (await response.arrayBuffer()).byteLength;
    times.push(performance.now() - started);
  }
  return { median: median(times), bytes };
}

try {
  const plain = await timeServing("identity");
  const gzip = await timeServing("gzip");
  console.log(`serve chunk 1:       median ${ms(plain.median)} plain (${plain.bytes} bytes read)`);
  const gzipBytes = gzipSync(built.chunks[0]!.body).length;
  console.log(`serve chunk 1, gzip: median ${ms(gzip.median)} (about ${gzipBytes} bytes sent)`);
} finally {
  server.close();
}
