import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, rename, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { SMTPServer } from "smtp-server";

// Helpers of the HTTP benchmarks (bench:pages, bench:two-servers): the production server on a
// port of its own, a throwaway mailbox for verification links, raw responses and autocannon runs.

/**
 * What a benchmark started, undone once and in reverse order: at the end, on failure, on Ctrl-C,
 * or when the run passes its time limit.
 */
export function cleanUpOnExit(name: string, limitSeconds: number) {
  const tasks: (() => Promise<unknown>)[] = [];
  let running: Promise<void> | undefined;
  const run = () =>
    (running ??= (async () => {
      for (const task of tasks.reverse()) await task().catch(() => {});
    })());
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => void run().finally(() => process.exit(130)));
  }
  setTimeout(() => {
    console.error(`${name}: stopped after ${limitSeconds} s`);
    void run().finally(() => process.exit(1));
  }, limitSeconds * 1000).unref();
  return {
    add(task: () => Promise<unknown>) {
      tasks.push(task);
    },
    run,
  };
}

export type Cleanup = Pick<ReturnType<typeof cleanUpOnExit>, "add">;

/** Builds the app when asked, or when there is no build yet. */
export function buildIfNeeded(force: boolean) {
  if (!force && existsSync("build/server/index.js")) return;
  console.log("building the app (react-router build)...");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("The build failed");
}

export interface AppServer {
  readonly base: string;
  readonly child: ChildProcess;
}

/**
 * The demo catalogue is the same on every start, and so are its images: drawing them takes a
 * minute of CPU on a fresh data folder, so benchmarks keep a copy between runs.
 */
const DEMO_IMAGES_COPY = path.join(tmpdir(), "bench-demo-images");

async function keepDemoImages(dataDir: string) {
  if (existsSync(DEMO_IMAGES_COPY)) return;
  const partial = `${DEMO_IMAGES_COPY}-${process.pid}`;
  await cp(path.join(dataDir, "media", "demo"), partial, { recursive: true });
  await rename(partial, DEMO_IMAGES_COPY).catch(() =>
    rm(partial, { recursive: true, force: true }),
  );
}

/**
 * `npm start`'s command on 127.0.0.1:port, in production mode with env.DATA_DIR, waiting for
 * /healthz and for the demo images drawn in the background (they would compete with the load for
 * CPU).
 */
export async function startApp(
  port: number,
  env: Record<string, string> & { DATA_DIR: string },
  cleanup: Cleanup,
): Promise<AppServer> {
  const base = `http://127.0.0.1:${port}`;
  if (existsSync(DEMO_IMAGES_COPY)) {
    await cp(DEMO_IMAGES_COPY, path.join(env.DATA_DIR, "media", "demo"), { recursive: true });
  }
  const child = spawn("node", ["--import", "tsx", "server/start.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: base,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  cleanup.add(() => stopProcess(child));
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`The server on port ${port} exited (${code})`))),
  );
  exited.catch(() => {});
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const health = await Promise.race([
      fetch(`${base}/healthz`).then(
        (response) => response.json() as Promise<{ ok?: boolean; images?: string }>,
        () => null,
      ),
      exited,
    ]);
    if (health?.ok && health.images !== "generating") {
      await keepDemoImages(env.DATA_DIR);
      return { base, child };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server on port ${port} did not start within 3 minutes`);
}

/** SIGTERM, then SIGKILL when the process has not ended within 5 s. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** An SMTP server on loopback that keeps the verification link mailed to each address. */
export async function startMailCatcher(port: number) {
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
  await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    linkFor(email: string): Promise<string> {
      const known = links.get(email);
      if (known) return Promise.resolve(known);
      return new Promise((resolve) => waiting.set(email, resolve));
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** A new person through sign-up and the mailed link (decision 010); returns the session cookie. */
export async function signUpVerified(
  base: string,
  email: string,
  linkFor: (email: string) => Promise<string>,
): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password: "bench password 42", name: "Bench" }),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  const verified = await fetch(await linkFor(email), {
    redirect: "manual",
    headers: { cookie: cookieOf(response) },
  });
  const cookie = cookieOf(verified);
  if (verified.status >= 400 || !cookie.includes("session_token")) {
    throw new Error(`verification: ${verified.status}, no session`);
  }
  return cookie;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One GET with the body as sent (fetch would decompress it). */
export function getRaw(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

export interface Load {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Responses that were not 2xx, plus connection errors and timeouts. */
  failures: number;
  statuses: string;
}

/** autocannon against one URL: GET, keep-alive, the given headers. */
export async function load(
  url: string,
  headers: Record<string, string>,
  options: { connections: number; seconds: number },
): Promise<Load> {
  const result = await autocannon({
    url,
    headers,
    connections: options.connections,
    duration: options.seconds,
  });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}:${count ?? 0}`)
    .join(" ");
  return {
    requests: result.requests.total,
    seconds: result.duration,
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
    statuses: result.errors > 0 ? `${statuses} errors:${result.errors}` : statuses,
  };
}

/** Several runs against one URL as one: their requests over their time, the slower run's latency. */
export function combineLoads(runs: readonly Load[]): Load {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  return {
    requests,
    seconds,
    requestsPerSecond: requests / seconds,
    p50: Math.max(...runs.map((run) => run.p50)),
    p99: Math.max(...runs.map((run) => run.p99)),
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
    statuses: runs.map((run) => run.statuses).join(", "),
  };
}

/** A Markdown table whose columns are as wide as their widest cell. */
export function printTable(header: string[], rows: string[][]) {
  const widths = header.map((cell, i) =>
    Math.max(cell.length, ...rows.map((row) => row[i]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(
    [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n"),
  );
}

export const formatCount = (value: number) => Math.round(value).toLocaleString("en-US");

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
