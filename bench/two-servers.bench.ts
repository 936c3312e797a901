import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { toolPath } from "../app/lib/paths";
import { createScratchDatabase } from "../tests/scratch-database";
import {
  buildIfNeeded,
  cleanUpOnExit,
  combineLoads,
  formatCount,
  getRaw,
  load,
  percentile,
  printTable,
  signUpVerified,
  startApp,
  startMailCatcher,
  type AppServer,
  type Load,
} from "./app-server";

// `npm run bench:two-servers [-- --postgres postgres://…] [-- --seconds 4] [-- --connections 20]
// [-- --changes 10]` (docs/operations.md): two production servers on one new database of the
// given PostgreSQL server (or TEST_DATABASE_URL). An admin takes a tool offline and back online
// through server 1; the run measures how long until server 2's tool page shows each change. Then
// it loads one server, and both at once, and reports the combined requests per second.

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const POSTGRES = option("postgres") ?? process.env.TEST_DATABASE_URL;
/** Per page, for one server and for both, in two halves (autocannon ends on a whole second). */
const SECONDS = Number(option("seconds") ?? 4);
const CONNECTIONS = Number(option("connections") ?? 20);
const CHANGES = Number(option("changes") ?? 10);
const PORTS = [3453, 3454] as const;
const SMTP_PORT = 3455;
const ADMIN = "bench-admin@example.com";
const POLL_MS = 5;
const VISIBLE_WITHIN_MS = 10_000;

if (!POSTGRES) {
  console.error("Give a PostgreSQL server: --postgres postgres://… or TEST_DATABASE_URL");
  process.exit(2);
}

const cleanup = cleanUpOnExit("bench:two-servers", 300 + CHANGES * 10 + 4 * SECONDS);
const BROTLI = { "accept-encoding": "br" };

/** Milliseconds from `since` until `url` answers `status` (polled), or Infinity past the limit. */
async function timeUntilStatus(url: string, status: number, since: number): Promise<number> {
  while (performance.now() - since < VISIBLE_WITHIN_MS) {
    const response = await getRaw(url, BROTLI);
    if (response.status === status) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return Infinity;
}

/** A process's resident memory where /proc tells it (Linux), else null. */
async function residentMegabytes(pid: number | undefined): Promise<number | null> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kilobytes ? Math.round(Number(kilobytes) / 1024) : null;
}

try {
  buildIfNeeded(args.includes("--build"));
  const scratch = await createScratchDatabase(POSTGRES, "bench_two_servers");
  cleanup.add(scratch.drop);
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-two-servers-"));
  cleanup.add(() => rm(dataDir, { recursive: true, force: true }));
  const mail = await startMailCatcher(SMTP_PORT);
  cleanup.add(mail.close);
  const env = {
    DATABASE_URL: scratch.url,
    AUTH_SECRET: "bench-secret-".padEnd(40, "x"),
    SMTP_URL: mail.url,
  };
  // One after the other: the first migrates and loads the demo catalogue.
  const servers: AppServer[] = [];
  for (const [i, port] of PORTS.entries()) {
    servers.push(await startApp(port, { ...env, DATA_DIR: path.join(dataDir, `${i}`) }, cleanup));
  }
  const [one, two] = servers as [AppServer, AppServer];
  console.log(`two servers on one PostgreSQL database: ${one.base} and ${two.base}`);

  const cookie = await signUpVerified(one.base, ADMIN, mail.linkFor);
  // `npm run admin -- grant`: the role applies on the person's next request.
  const granted = spawnSync("node", ["--import", "tsx", "cli/admin.ts", "grant", ADMIN], {
    env: { ...process.env, DATABASE_URL: scratch.url },
    encoding: "utf8",
  });
  if (granted.status !== 0) throw new Error(`npm run admin: ${granted.stderr}`);
  const toolsResponse = await fetch(`${one.base}/api/tools?sort=Newest&limit=1`);
  const [tool] = (
    (await toolsResponse.json()) as { tools: (Parameters<typeof toolPath>[0] & { id: string })[] }
  ).tools;
  if (!tool) throw new Error("The catalogue is empty");
  const pageOnTwo = two.base + toolPath(tool);
  for (let i = 0; i < 3; i++) await getRaw(pageOnTwo, BROTLI);

  const writeMs: number[] = [];
  const visibleMs: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    const status = i % 2 === 0 ? "offline" : "online";
    const sentAt = performance.now();
    const response = await fetch(`${one.base}/api/admin/tools/status`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: one.base, cookie },
      body: JSON.stringify({ ids: [tool.id], status }),
    });
    if (!response.ok) throw new Error(`status change: ${response.status} ${await response.text()}`);
    writeMs.push(performance.now() - sentAt);
    visibleMs.push(await timeUntilStatus(pageOnTwo, status === "offline" ? 404 : 200, sentAt));
  }
  const afterAnswerMs = visibleMs.map((ms, i) => ms - writeMs[i]!);
  const never = visibleMs.filter((ms) => ms === Infinity).length;
  console.log(
    `\n${CHANGES} admin changes through server 1 (the tool offline, then online again):` +
      `\n  the write answered in: median ${percentile(writeMs, 50).toFixed(0)} ms, max ${Math.max(...writeMs).toFixed(0)} ms` +
      `\n  server 2's tool page showed it after: median ${percentile(visibleMs, 50).toFixed(0)} ms, max ${Math.max(...visibleMs).toFixed(0)} ms (from sending the write)` +
      `\n  after the write answered: median ${percentile(afterAnswerMs, 50).toFixed(0)} ms, max ${Math.max(...afterAnswerMs).toFixed(0)} ms` +
      (never > 0 ? `\n  NOT VISIBLE within ${VISIBLE_WITHIN_MS} ms: ${never}` : ""),
  );

  const half = { connections: CONNECTIONS, seconds: Math.max(1, Math.round(SECONDS / 2)) };
  const rows: string[][] = [];
  let failures = 0;
  for (const [label, pagePath] of [
    ["/ai-tools", "/ai-tools"],
    ["a tool page", toolPath(tool)],
  ] as const) {
    // A second of load on each server first: the JIT warms, and the page is in each cache.
    await Promise.all(
      servers.map((server) =>
        load(server.base + pagePath, BROTLI, { connections: CONNECTIONS, seconds: 1 }),
      ),
    );
    const cacheStates = await Promise.all(
      servers.map((server) =>
        getRaw(server.base + pagePath, BROTLI).then((page) => page.headers["x-cache"] ?? "-"),
      ),
    );
    // One server, both, both, one server, half the time each: a machine load that changes during
    // the measurement weighs on both alike.
    const bothAtOnce = () =>
      Promise.all(servers.map((server) => load(server.base + pagePath, BROTLI, half)));
    const aloneFirst = await load(one.base + pagePath, BROTLI, half);
    const [bothFirst, bothThen] = [await bothAtOnce(), await bothAtOnce()];
    const alone = combineLoads([aloneFirst, await load(one.base + pagePath, BROTLI, half)]);
    const together: Load[] = servers.map((_, i) => combineLoads([bothFirst[i]!, bothThen[i]!]));
    const combined = together.reduce((sum, result) => sum + result.requestsPerSecond, 0);
    const pageFailures = [alone, ...together].reduce((sum, result) => sum + result.failures, 0);
    failures += pageFailures;
    rows.push([
      label,
      formatCount(alone.requestsPerSecond),
      together.map((result) => formatCount(result.requestsPerSecond)).join(" + "),
      formatCount(combined),
      `${(combined / alone.requestsPerSecond).toFixed(2)} x`,
      `${alone.p99} / ${Math.max(...together.map((result) => result.p99))}`,
      String(pageFailures),
      cacheStates.join(" / "),
    ]);
  }
  console.log(
    `\nautocannon, ${CONNECTIONS} connections per server, ${SECONDS} s, brotli accepted, anonymous:`,
  );
  printTable(
    [
      "page",
      "one server req/s",
      "two servers req/s",
      "combined",
      "vs one",
      "p99 ms one / two",
      "non-2xx",
      "X-Cache",
    ],
    rows,
  );
  const resident = await Promise.all(servers.map((server) => residentMegabytes(server.child.pid)));
  if (resident.every((mb) => mb !== null)) {
    console.log(`resident memory after the run: ${resident.map((mb) => `${mb} MB`).join(", ")}`);
  }
  if (never > 0 || failures > 0) process.exitCode = 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup.run();
}
