import fc from "fast-check";
import { signIn, sessionEmail } from "./app-client";
import type { FuzzServer } from "./fuzz-server";
import {
  bodyLength,
  describeRequest,
  hostileRequest,
  wireBytes,
  type FuzzContext,
  type FuzzRequest,
} from "./hostile-requests";
import { sendRaw, type RawOutcome } from "./raw-http";

// Sends fast-check's hostile requests in small concurrent batches, judges every answer, checks the
// process after every batch, and keeps going after a failure so that one run lists every distinct
// failure, each shrunk to a minimal request.

export interface FuzzOptions {
  seed: number;
  maxRequests: number;
  budgetMs: number;
  batchSize: number;
}

export interface Failure {
  /** What went wrong, e.g. "answered 500" or "the process exited". */
  problem: string;
  signature: string;
  /** One request, or the batch sent together when no single one of them fails alone. */
  requests: FuzzRequest[];
  outcome: RawOutcome | null;
  logLines: string[];
  /** How many times the run met it (shrinking not counted). */
  seen: number;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  batches: number;
  elapsedMs: number;
  byClass: Record<"2xx" | "3xx" | "4xx" | "5xx" | "no answer", number>;
  byStatus: Record<string, number>;
  /** Unanswered requests that are expected (a body still owed, CONNECT), by reason. */
  allowedNoAnswer: Record<string, number>;
  failures: Failure[];
  restarts: number;
  /** Set when the process stopped more often than MAX_RESTARTS and the run ended early. */
  isStoppedEarly: boolean;
  /** When each batch was sent and answered (epoch ms), and what it sent: to place a stall. */
  timeline: { from: number; to: number; requests: string[] }[];
}

/** Each restart after a crash costs seconds; past this many the run ends with what it found. */
const MAX_RESTARTS = 8;

/** The documented 5xx: a database that does not answer, and the server-wide live stream cap. */
function isAllowedServerError(request: FuzzRequest, status: number): boolean {
  const path = request.target.split("?")[0]!;
  if (status !== 503) return false;
  return path === "/healthz" || path === "/api/live";
}

/**
 * The request promises more body than it sends (a longer Content-Length, or one Node reads as a
 * number after trimming): the server is right to wait for the rest.
 */
function owesBody(request: FuzzRequest): boolean {
  const { framing } = request;
  if (framing.kind === "declared-longer") return true;
  return (
    framing.kind === "malformed-length" &&
    /^\s*\d+\s*$/.test(framing.value) &&
    Number(framing.value) > bodyLength(request.body)
  );
}

/** Why an unanswered request is fine, or null when it is a failure. */
function allowedSilence(request: FuzzRequest, outcome: Extract<RawOutcome, { kind: "no-answer" }>) {
  // Node closes a CONNECT connection when nothing handles it; the app never sees the request.
  if (request.method === "CONNECT") return "CONNECT (closed by Node)";
  // The request promised more body than it sent: the server is right to wait for it.
  if (owesBody(request) && outcome.reason === "timeout") {
    return "body shorter than its Content-Length (server waits)";
  }
  // A server that answers early (413, 4xx) and closes while a large body is still arriving
  // makes the kernel reset the connection, which can discard the answer before it is read.
  if (outcome.reason === "reset" && bodyLength(request.body) > 64 * 1024) {
    return "reset while sending a large body";
  }
  return null;
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * What counts as one failure, so that one cause is listed once: an unusual method wherever it
 * was sent, otherwise the route whatever the method.
 */
const placeOf = (request: FuzzRequest) =>
  METHODS.includes(request.method)
    ? request.label
    : `method ${JSON.stringify(request.method.slice(0, 20))}`;

/** The failure of one request's outcome, or null. Statuses and silences only; crashes elsewhere. */
function judge(
  request: FuzzRequest,
  outcome: RawOutcome,
): { problem: string; signature: string } | null {
  const where = placeOf(request);
  if (outcome.kind === "answer") {
    if (outcome.status >= 500 && !isAllowedServerError(request, outcome.status)) {
      return { problem: `answered ${outcome.status}`, signature: `${outcome.status}|${where}` };
    }
    // A body still owed by the client may hold the rest of an early answer back.
    if (!outcome.isComplete && request.method !== "HEAD" && !owesBody(request)) {
      return {
        problem: `answer ${outcome.status} cut off after ${outcome.bodyBytes} body bytes`,
        signature: `cut-off|${where}`,
      };
    }
    return null;
  }
  if (allowedSilence(request, outcome)) return null;
  return {
    problem: `no answer: ${outcome.detail}`,
    signature: `no-answer:${outcome.reason}|${where}`,
  };
}

const timeoutOf = (request: FuzzRequest) =>
  owesBody(request) ? 1_000 : request.framing.kind === "declared-huge" ? 5_000 : 10_000;

interface Sessions {
  user: string;
  admin: string;
}

export async function fuzz(
  server: FuzzServer,
  ctx: FuzzContext,
  options: FuzzOptions,
): Promise<FuzzReport> {
  const startedAt = Date.now();
  const deadline = startedAt + options.budgetMs;
  const report: FuzzReport = {
    seed: options.seed,
    requests: 0,
    batches: 0,
    elapsedMs: 0,
    byClass: { "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0, "no answer": 0 },
    byStatus: {},
    allowedNoAnswer: {},
    failures: [],
    restarts: 0,
    isStoppedEarly: false,
    timeline: [],
  };
  const known = new Map<string, Failure>();
  let sessions: Sessions = await signInBoth(server);

  const tally = (request: FuzzRequest, outcome: RawOutcome) => {
    report.requests++;
    const status = outcome.kind === "answer" ? String(outcome.status) : outcome.reason;
    report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
    if (outcome.kind === "answer") {
      const cls = `${Math.floor(outcome.status / 100)}xx` as keyof FuzzReport["byClass"];
      if (cls in report.byClass) report.byClass[cls]++;
    } else {
      report.byClass["no answer"]++;
      const reason = allowedSilence(request, outcome);
      if (reason) report.allowedNoAnswer[reason] = (report.allowedNoAnswer[reason] ?? 0) + 1;
    }
  };

  // The failing batch fast-check is shrinking, and a cap on how long it may shrink.
  let lastFailure: Failure[];
  let shrinkRuns = 0;
  let isShrinking = false;
  let isStopped = false;
  const SHRINK_RUN_CAP = 500;

  const runBatch = async (batch: FuzzRequest[]): Promise<boolean> => {
    if (isStopped) return true;
    if (isShrinking) {
      shrinkRuns++;
      if (shrinkRuns > SHRINK_RUN_CAP || Date.now() > deadline + 30_000) return true;
    } else if (Date.now() > deadline) {
      return true;
    }
    report.batches++;
    const logStart = server.log.length;
    const sentAt = Date.now();
    const outcomes = await Promise.all(
      batch.map((request) =>
        sendRaw(wireBytes(request, sessions), {
          port: server.port,
          timeoutMs: timeoutOf(request),
          isHead: request.method === "HEAD",
        }),
      ),
    );
    report.timeline.push({
      from: sentAt,
      to: Date.now(),
      requests: batch.map(
        (request) =>
          `${request.method} ${request.target.slice(0, 80)} (${bodyLength(request.body).toLocaleString("en-US")} B)`,
      ),
    });
    const failures: Failure[] = [];
    const logLines = () => server.log.slice(logStart).map((line) => line.text);
    batch.forEach((request, i) => {
      const outcome = outcomes[i]!;
      tally(request, outcome);
      const verdict = judge(request, outcome);
      if (verdict)
        failures.push({ ...verdict, requests: [request], outcome, logLines: [], seen: 1 });
    });
    // A crash shows a moment after the answers it cut short, or as a /healthz that fails.
    if (failures.some((failure) => failure.outcome?.kind === "no-answer")) {
      await server.exitsWithin(1_000);
    }
    const isHealthy = server.isAlive() && (await server.isHealthy());
    if (!isHealthy) await server.exitsWithin(1_000);
    if (!server.isAlive()) {
      await recordCrash(batch, outcomes, logLines());
      return true;
    }
    if (!isHealthy) {
      failures.push({
        problem: "/healthz did not answer 200 after the batch",
        signature: `unhealthy|${batch.map((r) => r.label).join(" + ")}`,
        requests: batch,
        outcome: null,
        logLines: [],
        seen: 1,
      });
    }
    const fresh: Failure[] = [];
    for (const failure of failures) {
      failure.logLines = logLines();
      const seen = known.get(failure.signature);
      if (seen) seen.seen++;
      else fresh.push(failure);
    }
    if (fresh.length === 0) return true;
    lastFailure = fresh;
    isShrinking = true;
    return false;
  };

  async function restart() {
    report.restarts++;
    if (report.restarts > MAX_RESTARTS) {
      isStopped = true;
      return;
    }
    await server.restart();
    sessions = await signInBoth(server);
  }

  /**
   * The process stopped: start it again, find the request that stops it on its own (replayed one
   * at a time) and record it once. Not shrunk: every try that crashes costs a restart.
   */
  async function recordCrash(batch: FuzzRequest[], outcomes: RawOutcome[], lines: string[]) {
    const exitNote = server.exitNote;
    await restart();
    // A crash while shrinking another failure is not that failure.
    if (isShrinking || isStopped) return;
    const culprit = batch.length === 1 ? batch : await findCrashCulprit(batch);
    const signature = `crash|${culprit.map(placeOf).join(" + ")}`;
    const seen = known.get(signature);
    if (seen) {
      seen.seen++;
      return;
    }
    const failure: Failure = {
      problem:
        `the process ${exitNote}` +
        (culprit.length > 1 ? " (after these requests together; none alone stops it)" : ""),
      signature,
      requests: culprit,
      outcome: outcomes[batch.indexOf(culprit[0]!)] ?? null,
      logLines: lines,
      seen: 1,
    };
    known.set(signature, failure);
    report.failures.push(failure);
  }

  /** The first request of the batch that stops the server on its own, or the whole batch. */
  async function findCrashCulprit(batch: FuzzRequest[]): Promise<FuzzRequest[]> {
    for (const request of batch) {
      const outcome = await sendRaw(wireBytes(request, sessions), {
        port: server.port,
        timeoutMs: timeoutOf(request),
        isHead: request.method === "HEAD",
      });
      tally(request, outcome);
      if (await server.exitsWithin(outcome.kind === "no-answer" ? 1_000 : 200)) {
        await restart();
        return [request];
      }
    }
    return batch;
  }

  const arbitrary = fc.array(hostileRequest(ctx), { minLength: 1, maxLength: options.batchSize });
  const chunkRuns = 20;
  for (
    let chunk = 0;
    report.requests < options.maxRequests && Date.now() < deadline && !isStopped;
    chunk++
  ) {
    isShrinking = false;
    shrinkRuns = 0;
    lastFailure = [];
    let internalError: unknown = null;
    const property = fc.asyncProperty(arbitrary, (batch) =>
      runBatch(batch).catch((error: unknown) => {
        internalError ??= error;
        return true;
      }),
    );
    const details = await fc.check(property, { seed: options.seed + chunk, numRuns: chunkRuns });
    if (internalError) throw internalError;
    if (details.failed && lastFailure.length > 0) {
      for (const failure of lastFailure) {
        if (!known.has(failure.signature)) {
          known.set(failure.signature, failure);
          report.failures.push(failure);
        }
      }
    }
    // Sessions end when a fuzz request revokes them by a route we did not foresee.
    if (chunk % 5 === 4) sessions = await keepSignedIn(server, sessions);
  }
  report.elapsedMs = Date.now() - startedAt;
  report.isStoppedEarly = isStopped;
  return report;
}

async function signInBoth(server: FuzzServer): Promise<Sessions> {
  return {
    user: await signIn(server.url, server.accounts.user),
    admin: await signIn(server.url, server.accounts.admin),
  };
}

async function keepSignedIn(server: FuzzServer, sessions: Sessions): Promise<Sessions> {
  const [user, admin] = await Promise.all([
    sessionEmail(server.url, sessions.user),
    sessionEmail(server.url, sessions.admin),
  ]);
  return {
    user: user ? sessions.user : await signIn(server.url, server.accounts.user),
    admin: admin ? sessions.admin : await signIn(server.url, server.accounts.admin),
  };
}

// Reporting --------------------------------------------------------------------------------

function describeOutcome(outcome: RawOutcome | null): string {
  if (!outcome) return "";
  if (outcome.kind === "answer") return `${outcome.statusLine} after ${outcome.ms} ms`;
  return `no answer (${outcome.reason}) after ${outcome.ms} ms: ${outcome.detail}`;
}

const PRINTED_REQUEST_LENGTH = 4_000;

const clip = (line: string) =>
  line.length <= PRINTED_REQUEST_LENGTH
    ? line
    : `${line.slice(0, PRINTED_REQUEST_LENGTH)}… (${line.length - PRINTED_REQUEST_LENGTH} more characters; the seed replays it)`;

/** Every distinct failure as its request, its outcome and the server's log lines. */
export function formatFailures(report: FuzzReport, port: number): string {
  return report.failures
    .map((failure, i) => {
      const log = failure.logLines
        .slice(0, 6)
        .map((line) => `      ${line.length > 600 ? `${line.slice(0, 600)}…` : line}`)
        .join("\n");
      return [
        `${i + 1}. ${failure.problem}  [${failure.signature}; seen ${failure.seen}×]`,
        ...failure.requests.map((request) => `   ${clip(describeRequest(request, port))}`),
        `   -> ${describeOutcome(failure.outcome)}`,
        log ? `   server log:\n${log}` : "   server log: (nothing)",
      ].join("\n");
    })
    .join("\n\n");
}

export function formatSummary(kind: string, report: FuzzReport): string {
  const n = (value: number) => value.toLocaleString("en");
  const allowed = Object.entries(report.allowedNoAnswer)
    .map(([reason, count]) => `${reason}: ${n(count)}`)
    .join("; ");
  return (
    `fuzz on ${kind} (FUZZ_SEED=${report.seed}): ${n(report.requests)} requests in ${n(report.batches)} batches, ` +
    `${(report.elapsedMs / 1000).toFixed(0)} s. 2xx ${n(report.byClass["2xx"])}, 3xx ${n(report.byClass["3xx"])}, ` +
    `4xx ${n(report.byClass["4xx"])}, 5xx ${n(report.byClass["5xx"])}, no answer ${n(report.byClass["no answer"])}` +
    (allowed ? ` (expected: ${allowed})` : "") +
    `. Distinct failures: ${report.failures.length}; restarts after a crash: ${report.restarts}` +
    (report.isStoppedEarly ? " (too many: the run stopped early)" : "") +
    `.\n  by status: ` +
    Object.entries(report.byStatus)
      .sort(([, a], [, b]) => b - a)
      .map(([status, count]) => `${status} ${n(count)}`)
      .join(", ")
  );
}
