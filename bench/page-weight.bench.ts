import pino from "pino";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { AppLoadContext, ServerBuild } from "react-router";
import { openPglite } from "../server/db/client.server";
import { seedDemoCatalogue } from "../server/seed/seed-demo.server";
import { createServices } from "../server/services.server";
import { SnapshotKeeper } from "../server/snapshot/snapshot-keeper.server";
import { ViewCounter } from "../server/services/tools/view-counter.server";
import { toolPath } from "../app/lib/paths";

// `node --import tsx bench/page-weight.bench.ts` (after a build): where the bytes and the
// milliseconds of an anonymous page go. For the home page, /ai-tools and a tool page it renders
// the built app in process, on an in-memory database holding the demo catalogue, with no HTTP,
// compression or cache in the way, and reports
// - the HTML's size raw, gzip (level 6, what is sent on the fly) and brotli (quality 11);
// - its split: head, body markup (of which class attributes and inline SVG), the loader data
//   (React Router's turbo-stream enqueue scripts) and the other inline scripts;
// - the server render time per request (median wall time of sequential renders, and CPU time,
//   which a busy machine disturbs less).
// BENCH_RENDERS sets the renders per page (default 200); BENCH_PAGE renders that one address
// instead (to profile it: node --cpu-prof --import tsx bench/page-weight.bench.ts).

const RENDERS = Number(process.env.BENCH_RENDERS ?? 200);
const WARM_UP = 20;

// React picks its production or development build when first imported, as the server does.
process.env.NODE_ENV = "production";
const { createRequestHandler } = await import("react-router");
const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
const handle = createRequestHandler(build, "production");

const logger = pino({ level: "silent" });
const database = await openPglite(null);
await database.migrate();
await seedDemoCatalogue(database.db);
const snapshotKeeper = new SnapshotKeeper(database.db);
const snapshot = await snapshotKeeper.reload();
const services = createServices({
  db: database.db,
  snapshotKeeper,
  env: { NODE_ENV: "production" },
  hasOutbox: false,
  views: new ViewCounter(database.db, logger),
  mediaDir: "",
  logger,
});
const context: AppLoadContext = {
  services,
  cspNonce: "AAAAAAAAAAAAAAAAAAAAAA==",
  appUrl: "http://localhost",
  signedIn: async () => null,
  likedState: async () => null,
  isGoogleSignInEnabled: false,
  clientAddress: "127.0.0.1",
};

const firstTool = snapshot.tools.find((tool) => tool.subCategory);
if (!firstTool) throw new Error("The demo catalogue has no tool with a subcategory");
const PAGES = process.env.BENCH_PAGE
  ? [process.env.BENCH_PAGE]
  : ["/", "/ai-tools", toolPath(firstTool)];

async function render(page: string): Promise<string> {
  const request = new Request(`http://localhost${page}`, {
    headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36" },
  });
  const response = await handle(request, context);
  if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
  return response.text();
}

const bytes = (text: string) => Buffer.byteLength(text);
const sumOf = (matches: Iterable<RegExpMatchArray>) =>
  [...matches].reduce((sum, match) => sum + bytes(match[0]), 0);

function splitOf(html: string) {
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
  const loaderData = scripts.filter((script) => script[1]?.includes("streamController.enqueue"));
  const body = html.slice(html.indexOf("<body")).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
  return {
    head: bytes(html.slice(0, html.indexOf("<body"))),
    markup: bytes(body),
    classes: sumOf(body.matchAll(/ class="[^"]*"/g)),
    svg: sumOf(body.matchAll(/<svg[\s\S]*?<\/svg>/g)),
    loaderData: sumOf(loaderData),
    scripts: sumOf(scripts) - sumOf(loaderData),
  };
}

async function timeRenders(page: string) {
  for (let i = 0; i < WARM_UP; i++) await render(page);
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < RENDERS; i++) {
    const startedAt = performance.now();
    await render(page);
    times.push(performance.now() - startedAt);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.floor(times.length * share)] ?? NaN;
  return {
    median: at(0.5),
    p90: at(0.9),
    cpu: (cpu.user + cpu.system) / 1000 / RENDERS,
  };
}

const kb = (count: number) => `${(count / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const row = (cells: string[], widths: number[]) =>
  cells
    .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
    .join(" ");

console.log(`${snapshot.tools.length.toLocaleString("en-US")} tools, ${RENDERS} renders per page`);
const sizeWidths = [58, 10, 10, 10, 12, 12, 12];
console.log(row(["page", "raw", "gzip", "br", "median", "p90", "cpu"], sizeWidths));
const splits: [string, ReturnType<typeof splitOf>][] = [];
for (const page of PAGES) {
  const html = await render(page);
  const raw = Buffer.from(html);
  const gzip = gzipSync(raw).length;
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  }).length;
  const timing = await timeRenders(page);
  console.log(
    row(
      [page, kb(raw.length), kb(gzip), kb(br), ms(timing.median), ms(timing.p90), ms(timing.cpu)],
      sizeWidths,
    ),
  );
  splits.push([page, splitOf(html)]);
}

console.log("\nraw bytes by part (markup includes its class attributes and inline SVG)");
const splitWidths = [58, 9, 10, 10, 9, 12, 10];
console.log(
  row(["page", "head", "markup", "classes", "svg", "loader data", "scripts"], splitWidths),
);
for (const [page, split] of splits) {
  console.log(
    row(
      [
        page,
        kb(split.head),
        kb(split.markup),
        kb(split.classes),
        kb(split.svg),
        kb(split.loaderData),
        kb(split.scripts),
      ],
      splitWidths,
    ),
  );
}

await database.close();
