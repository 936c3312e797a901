import pino from "pino";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createRequestHandler, type ServerBuild } from "react-router";
import { snapshotOfRows, type SnapshotKeeper } from "../server/snapshot/snapshot-keeper.server";
import type { ViewCounter } from "../server/services/tools/view-counter.server";
import type { Database } from "../server/db/client.server";
import type { ToolRow } from "../server/db/schema";
import { generateDemoCatalogue } from "../server/seed/demo-catalogue.server";
import { createServices } from "../server/services.server";

// `npm run bench:html` (after `npm run build`): the size of the browse page's first HTML response
// at 1,000 and 100,000 generated tools. DESIGN.md 9 budget: under 60 KB gzip at any size. The
// page is rendered by the built app, in process, from an in-memory catalogue snapshot.

const SIZES = (process.env.BENCH_SIZES ?? "1000,100000").split(",").map(Number);
const BUDGET_BYTES = 60 * 1024;
const PAGES = ["/ai-tools", "/ai-tools?search=meeting+notes", "/ai-tools?pricing=Free&sort=Rating"];

const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
const handle = createRequestHandler(build, "production");

async function pageBytes(services: ReturnType<typeof createServices>, page: string) {
  const request = new Request(`http://localhost${page}`, {
    headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36" },
  });
  const response = await handle(request, {
    services,
    cspNonce: "bench",
    appUrl: "http://localhost",
    signedIn: async () => null,
    likedState: async () => null,
    isGoogleSignInEnabled: false,
    clientAddress: "127.0.0.1",
  });
  const html = Buffer.from(await response.arrayBuffer());
  return { status: response.status, raw: html.length, gzip: gzipSync(html).length };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

for (const size of SIZES) {
  const rows = generateDemoCatalogue(size).tools as ToolRow[];
  const snapshot = snapshotOfRows(rows);
  // Listing pages read only the snapshot; the database is never touched.
  const services = createServices({
    db: undefined as unknown as Database,
    snapshotKeeper: { snapshot } as SnapshotKeeper,
    env: { NODE_ENV: "production" },
    secret: "bench",
    mailer: { kind: "outbox", send: async () => {}, close: () => {} },
    hasOutbox: false,
    views: undefined as unknown as ViewCounter,
    mediaDir: "",
    logger: pino({ level: "silent" }),
  });
  console.log(`\n${size.toLocaleString("en-US")} tools`);
  console.log("page".padEnd(40), "status".padStart(6), "raw".padStart(10), "gzip".padStart(10));
  for (const page of PAGES) {
    const { status, raw, gzip } = await pageBytes(services, page);
    const verdict = gzip < BUDGET_BYTES ? "PASS" : "FAIL";
    console.log(
      page.padEnd(40),
      String(status).padStart(6),
      kb(raw).padStart(10),
      kb(gzip).padStart(10),
      verdict,
    );
  }
}
