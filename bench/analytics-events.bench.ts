import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, devices, type Browser } from "@playwright/test";
import { sql } from "drizzle-orm";
import { ANALYTICS_CONSENT_KEY } from "../app/lib/constants";
import { toolPath } from "../app/lib/paths";
import { openPglite } from "../server/db/client.server";
import { analyticsEvents } from "../server/db/schema";
import { buildIfNeeded, cleanUpOnExit, printTable, startApp, stopProcess } from "./app-server";

// `npm run bench:events [-- --views 200]`: how many analytics events the server stores
// per 1,000 page views, once for visitors who allowed analytics and once for visitors who did
// not. A production server on a fresh data folder; Chromium opens the same round of pages
// (home, browse, a search, a category, a tool page) as each kind of visitor, one visitor per
// round; then the stored rows are counted by event name, straight from the database.

const args = process.argv.slice(2);
const VIEWS = Number(args[args.indexOf("--views") + 1] || 200);
const PORT = 3456;
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

let visitors = 0;
const cleanup = cleanUpOnExit("bench:events", 600);
buildIfNeeded(false);
const dataDir = await mkdtemp(path.join(tmpdir(), "bench-events-"));
cleanup.add(() => rm(dataDir, { recursive: true, force: true }));

/** Opens `views` pages as visitors of one consent, five pages per visitor; returns the page count. */
async function visit(browser: Browser, base: string, consent: "granted" | "denied", views: number) {
  const tool = (await (await fetch(`${base}/api/tools?limit=1`)).json()) as {
    tools: Parameters<typeof toolPath>[0][];
  };
  const firstTool = tool.tools[0];
  if (!firstTool) throw new Error("The demo catalogue is empty");
  const round = [
    "/",
    "/ai-tools",
    "/ai-tools?search=writing",
    "/ai-tools/marketing",
    toolPath(firstTool),
  ];
  let opened = 0;
  while (opened < views) {
    // Headless Chromium names itself in its user agent, and the server stores nothing from bots.
    // Each visitor comes from an address of its own (the server trusts loopback's
    // X-Forwarded-For), as visitors do: the per-client rate limit is not what is measured.
    visitors += 1;
    const context = await browser.newContext({
      ...devices["Desktop Chrome"],
      extraHTTPHeaders: {
        "x-forwarded-for": `10.${visitors >> 16}.${(visitors >> 8) & 255}.${visitors & 255}`,
      },
    });
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
      ANALYTICS_CONSENT_KEY,
      consent,
    ] as const);
    const page = await context.newPage();
    for (const address of round) {
      if (opened === views) break;
      await page.goto(`${base}${address}`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      opened += 1;
    }
    // Leaving the last page sends what is still queued.
    await page.close({ runBeforeUnload: true });
    await context.close();
  }
  return opened;
}

async function countStored(): Promise<Map<string, { consented: number; anonymous: number }>> {
  const database = await openPglite(path.join(dataDir, "pglite"));
  try {
    const rows = await database.db
      .select({
        name: analyticsEvents.name,
        consented: analyticsEvents.consented,
        count: sql<number>`count(*)::int`,
      })
      .from(analyticsEvents)
      .groupBy(analyticsEvents.name, analyticsEvents.consented);
    const counts = new Map<string, { consented: number; anonymous: number }>();
    for (const row of rows) {
      const entry = counts.get(row.name) ?? { consented: 0, anonymous: 0 };
      entry[row.consented ? "consented" : "anonymous"] += row.count;
      counts.set(row.name, entry);
    }
    return counts;
  } finally {
    await database.close();
  }
}

// Playwright's user agent override misses the beacons a page sends as it is left; the browser's
// own flag does not.
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ["--disable-gpu", `--user-agent=${devices["Desktop Chrome"].userAgent}`],
});
cleanup.add(() => browser.close());
const app = await startApp(PORT, { DATA_DIR: dataDir }, cleanup);
const denied = await visit(browser, app.base, "denied", VIEWS);
const granted = await visit(browser, app.base, "granted", VIEWS);
// Beacons are sent as pages close; give the last ones a moment to land.
await new Promise((resolve) => setTimeout(resolve, 2_000));
await stopProcess(app.child);
const counts = await countStored();

const perThousand = (count: number, views: number) => ((count / views) * 1000).toFixed(0);
const rows = [...counts].map(([name, { consented, anonymous }]) => [
  name,
  perThousand(anonymous, denied),
  perThousand(consented, granted),
]);
const total = (kind: "consented" | "anonymous") =>
  [...counts.values()].reduce((sum, entry) => sum + entry[kind], 0);
rows.push([
  "all events",
  perThousand(total("anonymous"), denied),
  perThousand(total("consented"), granted),
]);
console.log(`\nEvents stored per 1,000 page views (${denied} pages each way)`);
printTable(["event", "consent denied", "consent granted"], rows);
await cleanup.run();
