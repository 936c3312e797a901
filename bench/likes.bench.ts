import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { createScratchDatabase } from "../tests/scratch-database";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createAuth } from "../server/auth/auth.server";
import { resolveAuthSecret } from "../server/auth/secret.server";
import { createViewerReader } from "../server/auth/viewer.server";
import { createLogger } from "../server/core/logger.server";
import { openPglite, openPostgres, type DatabaseHandle } from "../server/db/client.server";
import { queryRows } from "../server/db/query-rows.server";
import { consumeRateLimit } from "../server/rate-limit/consume-rate-limit.server";
import { setToolLike, setToolLikeWithinLimit } from "../server/services/likes/set-tool-like.server";
import { LIKE_RATE } from "../server/routes/likes.server";

// `npm run bench:likes [-- --users 1000] [-- --postgres postgres://…]` (DESIGN.md 9): starts the
// built app on a fresh data folder (PGlite), or on a new database of the given PostgreSQL server,
// creates N verified users through sign-up and the mailed verification link, fires one like from
// each at the same tool all at once, and checks likes_total against the like rows of every tool.
// With --postgres it then starts a second app server on the same database and measures how long
// a like made through server A takes to reach a live-stream client of server B.
//
// Where a like's time goes: the CPU the app server, the database's backends (a local
// PostgreSQL) and this client spent per like during the burst, read from /proc on Linux; then,
// with the server stopped, each piece of a like alone on the same database, 1,000 at once in this
// process: the session read, the rate-limit step, an unlike, and a like with its rate-limit step
// (one statement, as the route runs it).

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const USERS = Number(option("users") ?? 1000);
const POSTGRES = option("postgres") ?? process.env.TEST_DATABASE_URL;
const SIGN_UP_CONCURRENCY = 16;
const LATENCY_SAMPLES = 50;
const SMTP_PORT = 3625;
const PORT_A = 3610;
const PORT_B = 3611;
const PASSWORD = "bench password 42";

if (!existsSync("build/server/index.js")) {
  console.error("Build the app first: npm run build");
  process.exit(1);
}

/** Verification links by recipient, from a throwaway SMTP server. */
const links = new Map<string, string>();
const waiting = new Map<string, (link: string) => void>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, done) {
    let raw = "";
    stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    stream.on("end", () => {
      const text = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      const link = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(text)?.[0];
      for (const to of session.envelope.rcptTo) {
        if (!link) continue;
        links.set(to.address, link);
        waiting.get(to.address)?.(link);
      }
      done();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, "127.0.0.1", resolve));

function linkFor(email: string): Promise<string> {
  const known = links.get(email);
  if (known) return Promise.resolve(known);
  return new Promise((resolve) => waiting.set(email, resolve));
}

async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn("node", ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let attempt = 0; attempt < 240; attempt++) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server on port ${port} did not start`);
}

/** Resolves once the server's boot work is done (/healthz says its images are ready). */
async function waitForBackgroundWork(base: string): Promise<void> {
  for (;;) {
    const health = (await (await fetch(`${base}/healthz`)).json()) as { images?: string };
    if (health.images === "ready") return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** One new person: sign up (own client address), follow the mailed link; returns the session cookie. */
async function createVerifiedUser(base: string, n: number): Promise<string> {
  const email = `bench-${n}@example.com`;
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, "x-forwarded-for": address },
    body: JSON.stringify({ email, password: PASSWORD, name: `Bench ${n}` }),
  });
  if (!response.ok) throw new Error(`sign-up ${n}: ${response.status} ${await response.text()}`);
  // Sign-up signs nobody in (decision 010): the link, opened with the pending sign-up's cookie,
  // signs in the browser that waits.
  const verified = await fetch(await linkFor(email), {
    redirect: "manual",
    headers: { cookie: cookieOf(response), "x-forwarded-for": address },
  });
  if (verified.status >= 400) throw new Error(`verify ${n}: ${verified.status}`);
  const cookie = cookieOf(verified);
  if (!cookie.includes("session_token")) throw new Error(`verify ${n}: no session`);
  return cookie;
}

async function inBatches<T>(count: number, size: number, make: (n: number) => Promise<T>) {
  const results: T[] = [];
  for (let start = 0; start < count; start += size) {
    const batch = Array.from({ length: Math.min(size, count - start) }, (_, i) => make(start + i));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

async function likesTotal(base: string, toolId: string): Promise<number> {
  const response = await fetch(`${base}/api/tools/${toolId}`);
  return ((await response.json()) as { tool: { likesTotal: number } }).tool.likesTotal;
}

async function checkInvariant(database: DatabaseHandle) {
  const [row] = await queryRows<{ drifting: number }>(
    database.db,
    sql`
    select count(*)::int as drifting from tools
    where likes_total <> (select count(*) from tool_likes
                          where tool_likes.tool_id = tools.id and tool_likes.is_active)`,
  );
  return Number(row!.drifting);
}

/** Reads `event: likes` messages from a live stream and reports each tool's newest count. */
async function openLiveStream(base: string, onLikes: (toolId: string, likesTotal: number) => void) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/live`, { signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: "", done: true }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!message.includes("event: likes")) continue;
        const data = /data: (.*)/.exec(message)?.[1];
        if (data) {
          const { toolId, likesTotal } = JSON.parse(data) as { toolId: string; likesTotal: number };
          onLikes(toolId, likesTotal);
        }
      }
    }
  })();
  return () => controller.abort();
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

const CLOCK_TICKS_PER_S = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" })) || 100;
  } catch {
    return 100;
  }
})();

/** CPU milliseconds the processes have used so far (user and system), or null without /proc. */
function cpuMsOf(pids: readonly number[]): number | null {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // The fields after the command name: state is the first, utime the 12th, stime the 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_S;
}

/** The backends serving a PostgreSQL database (the one that asks left out). */
async function databaseBackends(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/**
 * Starts counting the CPU of a PostgreSQL database's backends on this machine; the returned
 * function gives the milliseconds used since, counting in full the backends opened meanwhile
 * (a pool reconnects after idling). Null when they cannot be read (no URL, a remote server).
 */
async function countDatabaseCpu(
  url: string | undefined,
): Promise<(() => Promise<number | null>) | null> {
  if (!url || !existsSync("/proc/self/stat")) return null;
  const before = new Map<number, number>();
  for (const pid of await databaseBackends(url)) {
    const used = cpuMsOf([pid]);
    if (used === null) return null;
    before.set(pid, used);
  }
  return async () => {
    let used = 0;
    for (const pid of await databaseBackends(url))
      used += (cpuMsOf([pid]) ?? 0) - (before.get(pid) ?? 0);
    return used;
  };
}

/** CPU per call, or n/a when it could not be read. */
function perCall(used: number | null, count: number): string {
  return used === null ? "n/a" : `${(used / count).toFixed(2)} ms`;
}

/**
 * Each piece of a like alone, `sessions.length` at once, on the bench's database with the app
 * stopped: how fast it goes and the CPU it takes here (Node) and in the database's backends.
 */
async function timePieces(
  database: DatabaseHandle,
  databaseUrl: string | undefined,
  secret: string,
  cookies: readonly string[],
  toolId: string,
) {
  const quiet = createLogger({ LOG_LEVEL: "silent", NODE_ENV: "production" });
  const auth = createAuth({
    env: {
      APP_URL: baseA,
      NODE_ENV: "production",
      GOOGLE_ISSUER_URL: "https://accounts.google.com",
    },
    secret,
    db: database.db,
    mailer: { kind: "outbox", send: async () => {}, close: () => {} },
    logger: quiet,
  });
  const readSignedIn = createViewerReader(auth, database.db, []);
  const userIds: string[] = [];
  const pieces: [string, (n: number) => Promise<unknown>][] = [
    [
      "session read (cookie check, one query)",
      async (n) => {
        const signedIn = await readSignedIn(new Headers({ cookie: cookies[n]! }));
        userIds[n] = signedIn!.viewer.id;
      },
    ],
    [
      "rate-limit step (one statement)",
      (n) => consumeRateLimit(database.db, `bench-piece:${n}`, { window: 60, max: 60 }),
    ],
    [
      "unlike alone (set_tool_like)",
      (n) => setToolLike(database.db, { userId: userIds[n]!, toolId, isLiked: false }),
    ],
    [
      "like with its rate-limit step (the route's one statement)",
      (n) =>
        setToolLikeWithinLimit(
          database.db,
          { userId: userIds[n]!, toolId, isLiked: true },
          { key: `bench-piece-like:${n}`, rule: LIKE_RATE },
        ),
    ],
  ];
  const count = cookies.length;
  const where = databaseUrl
    ? "CPU per call here, in the database"
    : "CPU per call here, PGlite included";
  console.log(`each piece of a like alone, ${count} at once (calls/s; ${where}):`);
  for (const [name, run] of pieces) {
    const databaseCpu = await countDatabaseCpu(databaseUrl);
    const here = process.cpuUsage();
    const started = performance.now();
    await Promise.all(cookies.map((_, n) => run(n)));
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(here);
    const hereMs = (used.user + used.system) / 1000 / count;
    const databaseUsed = databaseCpu ? await databaseCpu() : null;
    console.log(
      `  ${name.padEnd(58)} ${String(Math.round(count / seconds)).padStart(6)}/s  ${hereMs.toFixed(2)} ms${databaseUrl ? `, ${perCall(databaseUsed, count)}` : ""}`,
    );
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), "bench-likes-"));
const scratch = POSTGRES ? await createScratchDatabase(POSTGRES, "bench_likes") : null;
const databaseEnv: Record<string, string> = scratch
  ? { DATABASE_URL: scratch.url, AUTH_SECRET: "bench-secret-".padEnd(40, "x") }
  : {};
const engine = scratch ? "PostgreSQL" : "PGlite";
console.log(`${USERS.toLocaleString("en-US")} users liking one tool at once, on ${engine}`);

let serverA = await startServer(PORT_A, { ...databaseEnv, DATA_DIR: path.join(dataDir, "a") });
const baseA = `http://127.0.0.1:${PORT_A}`;
try {
  let started = performance.now();
  const cookies = await inBatches(USERS, SIGN_UP_CONCURRENCY, (n) => createVerifiedUser(baseA, n));
  console.log(
    `created and verified ${USERS} users in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // The demo images a fresh server draws at boot take the CPU for a minute or more on a busy
  // machine: the burst waits for them, so that it measures likes.
  started = performance.now();
  await waitForBackgroundWork(baseA);
  const waited = (performance.now() - started) / 1000;
  if (waited >= 1) console.log(`waited ${waited.toFixed(1)} s for the demo images to be drawn`);

  const toolsResponse = await fetch(`${baseA}/api/tools?sort=Newest&limit=1`);
  const toolId = ((await toolsResponse.json()) as { tools: { id: string }[] }).tools[0]!.id;
  const before = await likesTotal(baseA, toolId);

  const databaseCpu = await countDatabaseCpu(scratch?.url);
  const serverBefore = cpuMsOf([serverA.pid!]);
  const clientBefore = process.cpuUsage();
  started = performance.now();
  const statuses = await Promise.all(
    cookies.map((cookie) =>
      fetch(`${baseA}/api/tools/${toolId}/like`, {
        method: "POST",
        headers: { cookie, origin: baseA },
      }).then(
        (response) => response.status,
        () => 0,
      ),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const clientUsed = process.cpuUsage(clientBefore);
  const serverAfter = cpuMsOf([serverA.pid!]);
  const serverUsed =
    serverBefore === null || serverAfter === null ? null : serverAfter - serverBefore;
  const databaseUsed = databaseCpu ? await databaseCpu() : null;
  const byStatus = new Map<number, number>();
  for (const status of statuses) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  const after = await likesTotal(baseA, toolId);
  const serverErrors = statuses.filter((status) => status >= 500 || status === 0).length;
  console.log(
    `likes: ${USERS} in ${seconds.toFixed(2)} s = ${Math.round(USERS / seconds)} likes/s; statuses ${JSON.stringify(Object.fromEntries(byStatus))}`,
  );
  console.log(
    `likes_total ${before} -> ${after} (expected ${before + USERS}): ${after - before === USERS ? "EXACT" : "WRONG"}; 5xx or failed: ${serverErrors}`,
  );
  console.log(
    `CPU per like during the burst: app server ${perCall(serverUsed, USERS)}${scratch ? `, database backends ${perCall(databaseUsed, USERS)}` : " (PGlite inside it)"}, this client ${((clientUsed.user + clientUsed.system) / 1000 / USERS).toFixed(2)} ms`,
  );

  if (scratch) {
    const serverB = await startServer(PORT_B, {
      ...databaseEnv,
      DATA_DIR: path.join(dataDir, "b"),
    });
    const baseB = `http://127.0.0.1:${PORT_B}`;
    let expecting: { total: number; resolve: (ms: number) => void; sentAt: number } | null = null;
    const stop = await openLiveStream(baseB, (id, total) => {
      if (id === toolId && expecting && total === expecting.total) {
        expecting.resolve(performance.now() - expecting.sentAt);
        expecting = null;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const latencies: number[] = [];
    let total = after;
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const isLike = i % 2 === 1;
      total += isLike ? 1 : -1;
      const arrived = new Promise<number>((resolve) => {
        expecting = { total, resolve, sentAt: performance.now() };
      });
      await fetch(`${baseA}/api/tools/${toolId}/like`, {
        method: isLike ? "POST" : "DELETE",
        headers: { cookie: cookies[0]!, origin: baseA },
      });
      latencies.push(await arrived);
    }
    stop();
    console.log(
      `cross-server live delivery (like via A, seen by a stream on B), ${LATENCY_SAMPLES} samples: median ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms`,
    );
    await stopServer(serverB);
  }

  await stopServer(serverA);
  serverA = null as unknown as ChildProcess;
  const database = scratch
    ? await openPostgres(scratch.url)
    : await openPglite(path.join(dataDir, "a", "pglite"));
  const secret =
    databaseEnv.AUTH_SECRET ?? (await resolveAuthSecret({ DATA_DIR: path.join(dataDir, "a") }));
  await timePieces(database, scratch?.url, secret, cookies, toolId);
  const drifting = await checkInvariant(database);
  console.log(`tools whose likes_total differs from their active like rows: ${drifting}`);
  // A bench whose likes did not all count measured nothing: it fails.
  if (after - before !== USERS || serverErrors > 0 || drifting > 0) process.exitCode = 1;
  await database.close();
} finally {
  if (serverA) await stopServer(serverA);
  smtp.close();
  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true });
}
