import pino from "pino";
import path from "node:path";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { AppLoadContext, ServerBuild } from "react-router";
import { openPglite } from "../server/db/client.server";
import { seedDemoCatalogue } from "../server/seed/seed-demo.server";
import { createServices } from "../server/services.server";
import { SnapshotKeeper } from "../server/snapshot/snapshot-keeper.server";
import { ViewCounter } from "../server/services/tools/view-counter.server";
import { toolPath } from "../app/lib/paths";

// `node --import tsx bench/page-weight.bench.ts` (after a build): where the bytes and the
// milliseconds of a signed-out page go. For the home page, /ai-tools and a tool page it renders
// the built app in process, on an in-memory database holding the demo catalogue, as the render
// cache does on a miss (no nonce, whole document; server/render-cache), with no HTTP in the way,
// and reports
// - the HTML's size raw, gzip (level 9) and brotli (quality 5), as the render cache keeps them;
// - its split: head, body markup (of which class attributes and inline SVG), the loader data
//   (React Router's turbo-stream enqueue scripts) and the other inline scripts;
// - the time per page, as the median wall time of sequential runs and as CPU time (mean, all
//   threads; a busy machine disturbs it less): "render" is React Router's answer read to the
//   end, "miss" adds what a cache miss adds to it (brotli and gzip made at once, a SHA-256 of the
//   page), the whole cost of an uncached page view.
// BENCH_RENDERS sets the runs per page (default 200); BENCH_PAGE measures that one address
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
  secret: "bench",
  mailer: { kind: "outbox", send: async () => {}, close: () => {} },
  hasOutbox: false,
  views: new ViewCounter(database.db, logger),
  mediaDir: "",
  logger,
});
const context: AppLoadContext = {
  services,
  cspNonce: null,
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

async function render(page: string): Promise<Buffer> {
  const request = new Request(`http://localhost${page}`, { headers: { accept: "text/html" } });
  const response = await handle(request, context);
  if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const compress = (html: Buffer) =>
  Promise.all([
    brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzipped(html, { level: 9 }),
  ]);

async function renderUncached(page: string) {
  const html = await render(page);
  createHash("sha256").update(html).digest();
  await compress(html);
}

const sumOf = (matches: Iterable<RegExpMatchArray>) =>
  [...matches].reduce((sum, match) => sum + Buffer.byteLength(match[0]), 0);

function splitOf(html: string) {
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
  const loaderData = scripts.filter((script) => script[1]?.includes("streamController.enqueue"));
  const body = html.slice(html.indexOf("<body")).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
  return {
    head: Buffer.byteLength(html.slice(0, html.indexOf("<body"))),
    markup: Buffer.byteLength(body),
    classes: sumOf(body.matchAll(/ class="[^"]*"/g)),
    svg: sumOf(body.matchAll(/<svg[\s\S]*?<\/svg>/g)),
    loaderData: sumOf(loaderData),
    scripts: sumOf(scripts) - sumOf(loaderData),
  };
}

async function timeRuns(run: () => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await run();
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < RENDERS; i++) {
    const startedAt = performance.now();
    await run();
    times.push(performance.now() - startedAt);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)] ?? NaN,
    cpu: (cpu.user + cpu.system) / 1000 / RENDERS,
  };
}

const kb = (count: number) => `${(count / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const row = (cells: string[], widths: number[]) =>
  cells
    .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
    .join(" ");

console.log(`${snapshot.tools.length.toLocaleString("en-US")} tools, ${RENDERS} runs per page`);
const sizeWidths = [58, 9, 9, 9, 13, 12, 11, 10];
console.log(
  row(
    ["page", "raw", "gzip", "br", "render wall", "render cpu", "miss wall", "miss cpu"],
    sizeWidths,
  ),
);
const splits: [string, ReturnType<typeof splitOf>][] = [];
for (const page of PAGES) {
  const html = await render(page);
  const [br, gz] = await compress(html);
  const rendered = await timeRuns(() => render(page));
  const uncached = await timeRuns(() => renderUncached(page));
  console.log(
    row(
      [
        page,
        kb(html.length),
        kb(gz.length),
        kb(br.length),
        ms(rendered.median),
        ms(rendered.cpu),
        ms(uncached.median),
        ms(uncached.cpu),
      ],
      sizeWidths,
    ),
  );
  splits.push([page, splitOf(html.toString("utf8"))]);
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
