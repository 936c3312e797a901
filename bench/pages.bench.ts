import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { toolPath } from "../app/lib/paths";
import {
  buildIfNeeded,
  cleanUpOnExit,
  combineLoads,
  getRaw,
  load,
  signUpVerified,
  startApp,
  startMailCatcher,
  stopProcess,
  formatCount,
  printTable,
  type Load,
  type RawResponse,
} from "./app-server";

// `npm run bench:pages [-- --seconds 4] [-- --connections 20] [-- --build]` (DESIGN.md 9): the
// production server on a fresh data folder with the demo catalogue, and a bare Node `http` server
// that sends the same bytes, loaded one after the other in one run with autocannon: anonymous
// pages, a search page and a signed-in page. Each anonymous page served with brotli passes when
// it reaches 25 % of bare Node's requests per second. Builds when there is no build (or always
// with --build); loopback only; every process it starts ends with it, also on failure or Ctrl-C.

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
/** Per page and server, in two halves (autocannon ends a run on a whole second). */
const SECONDS = Number(option("seconds") ?? 4);
const CONNECTIONS = Number(option("connections") ?? 20);
const APP_PORT = 3450;
const BARE_PORT = 3451;
const SMTP_PORT = 3452;
const SHARE_BUDGET = 0.25;
const WARM_REQUESTS = 3;
const WARM_SECONDS = 1;
const EMAIL = "bench-pages@example.com";

interface Target {
  label: string;
  path: string;
  /** The Accept-Encoding sent, or none. */
  encoding: "br" | "gzip" | null;
  cookie?: string;
}

const TARGETS = 7;
const cleanup = cleanUpOnExit("bench:pages", 240 + TARGETS * 2 * (SECONDS + WARM_SECONDS + 5));

function headersOf(target: Target): Record<string, string> {
  return {
    ...(target.encoding ? { "accept-encoding": target.encoding } : {}),
    ...(target.cookie ? { cookie: target.cookie } : {}),
  };
}

async function startBare(file: string): Promise<string> {
  const child = spawn(
    "node",
    ["--import", "tsx", "bench/bare-server.ts", file, String(BARE_PORT)],
    {
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  cleanup.add(() => stopProcess(child));
  const base = `http://127.0.0.1:${BARE_PORT}`;
  const isUp = () =>
    getRaw(`${base}/0`).then(
      (response) => response.status === 200,
      () => false,
    );
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await isUp()) return base;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The bare server did not start");
}

try {
  buildIfNeeded(args.includes("--build"));
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-pages-"));
  cleanup.add(() => rm(dataDir, { recursive: true, force: true }));
  const mail = await startMailCatcher(SMTP_PORT);
  cleanup.add(mail.close);
  const startedAt = performance.now();
  const app = await startApp(APP_PORT, { DATA_DIR: dataDir, SMTP_URL: mail.url }, cleanup);
  console.log(`app ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);

  const toolsResponse = await fetch(`${app.base}/api/tools?sort=Newest&limit=1`);
  const [tool] = ((await toolsResponse.json()) as { tools: Parameters<typeof toolPath>[0][] })
    .tools;
  if (!tool) throw new Error("The catalogue is empty");
  const cookie = await signUpVerified(app.base, EMAIL, mail.linkFor);

  const targets: Target[] = [
    { label: "/", path: "/", encoding: "br" },
    { label: "/ai-tools", path: "/ai-tools", encoding: "br" },
    { label: "a tool page", path: toolPath(tool), encoding: "br" },
    {
      label: "/ai-tools?search=meeting+notes",
      path: "/ai-tools?search=meeting+notes",
      encoding: "br",
    },
    { label: "/ai-tools, signed in", path: "/ai-tools", encoding: "br", cookie },
    { label: "/", path: "/", encoding: "gzip" },
    { label: "/", path: "/", encoding: null },
  ];

  // Warm every page (a render cache may store a page on its first or second request), then record
  // the bytes each one is answered with for the bare server to send.
  const recorded: RawResponse[] = [];
  for (const target of targets) {
    let response;
    for (let i = 0; i <= WARM_REQUESTS; i++) {
      response = await getRaw(app.base + target.path, headersOf(target));
    }
    if (response!.status !== 200) throw new Error(`${target.path}: ${response!.status}`);
    recorded.push(response!);
  }
  const signedIn = recorded[targets.findIndex((target) => target.cookie)]!;
  const signedInHtml = brotliDecompressSync(signedIn.body).toString("utf8");
  if (!signedInHtml.includes(EMAIL)) throw new Error("The signed-in page does not show the user");
  const responsesFile = path.join(dataDir, "responses.json");
  await writeFile(
    responsesFile,
    JSON.stringify(
      recorded.map((response) => ({
        contentType: response.headers["content-type"] ?? "text/html",
        contentEncoding: response.headers["content-encoding"] ?? null,
        body: response.body.toString("base64"),
      })),
    ),
  );
  const bare = await startBare(responsesFile);

  console.log(
    `${targets.length} targets, ${CONNECTIONS} connections, ${SECONDS} s each on the app and on bare Node`,
  );
  const results: { target: Target; app: Load; bare: Load; recorded: RawResponse }[] = [];
  for (const [index, target] of targets.entries()) {
    const headers = headersOf(target);
    // A second of load first: the JIT of both servers and of autocannon warms on this page.
    const warm = { connections: CONNECTIONS, seconds: WARM_SECONDS };
    await load(app.base + target.path, headers, warm);
    await load(`${bare}/${index}`, headers, warm);
    // App, bare, bare, app, half the time each: a machine load that rises or falls during the
    // measurement weighs on both alike.
    const half = { connections: CONNECTIONS, seconds: Math.max(1, Math.round(SECONDS / 2)) };
    const appFirst = await load(app.base + target.path, headers, half);
    const bareLoad = combineLoads([
      await load(`${bare}/${index}`, headers, half),
      await load(`${bare}/${index}`, headers, half),
    ]);
    const appLoad = combineLoads([appFirst, await load(app.base + target.path, headers, half)]);
    results.push({ target, app: appLoad, bare: bareLoad, recorded: recorded[index]! });
    console.log(
      `  ${target.label} (${target.encoding ?? "none"}): app ${formatCount(appLoad.requestsPerSecond)}/s, bare ${formatCount(bareLoad.requestsPerSecond)}/s`,
    );
  }

  let isFailing = false;
  const rows = results.map(({ target, app: appLoad, bare: bareLoad, recorded }) => {
    const share = appLoad.requestsPerSecond / bareLoad.requestsPerSecond;
    const isBudgeted = !target.cookie && target.encoding === "br";
    const passes = share >= SHARE_BUDGET;
    if (appLoad.failures > 0 || bareLoad.failures > 0 || (isBudgeted && !passes)) isFailing = true;
    return [
      target.label,
      target.encoding ?? "none",
      formatCount(appLoad.requestsPerSecond),
      formatCount(bareLoad.requestsPerSecond),
      `${(share * 100).toFixed(1)} %`,
      `${appLoad.p50} / ${appLoad.p99}`,
      `${bareLoad.p50} / ${bareLoad.p99}`,
      formatCount(recorded.body.length),
      String(recorded.headers["x-cache"] ?? "-"),
      `${appLoad.failures} / ${bareLoad.failures}`,
      isBudgeted ? (passes ? "PASS" : "FAIL") : "-",
    ];
  });
  console.log("");
  printTable(
    [
      "target",
      "encoding",
      "app req/s",
      "bare req/s",
      "share of bare",
      "app p50 / p99 ms",
      "bare p50 / p99 ms",
      "body bytes",
      "X-Cache",
      "non-2xx app / bare",
      "budget",
    ],
    rows,
  );
  for (const { target, app: appLoad } of results) {
    if (appLoad.failures > 0) console.log(`${target.label}: app statuses ${appLoad.statuses}`);
  }
  console.log(
    `\nbudget (DESIGN.md 9): each anonymous page with brotli at >= ${SHARE_BUDGET * 100} % of bare Node; every response 2xx`,
  );
  console.log(`finished in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
  if (isFailing) process.exitCode = 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup.run();
}
