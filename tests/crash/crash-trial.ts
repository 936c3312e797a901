import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CategoryEntry } from "~/lib/category-stats";
import {
  checkImports,
  checkInvariants,
  checkLikes,
  checkViews,
  type CheckResult,
} from "./check-trial";
import { sendRequest, signIn } from "./http-client";
import { findFreePort, killAllServers, ServerProcess } from "./server-process";
import {
  likeKey,
  makeAccounts,
  preparePgliteTemplate,
  preparePostgresTemplate,
  readPersistedState,
  type TemplateDatabase,
  type TestAccounts,
} from "./trial-database";
import { runWriteLoad, type WriteLedger } from "./write-load";

// `npm run test:crash` (crash safety): on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set, each trial starts the production server on a fresh database, runs
// likes, views and imports against it, kills it with SIGKILL at a random moment, restarts it on
// the same data and checks that every write the client saw acknowledged is there and that the
// invariants hold. CRASH_TRIALS sets the trials per database (default 5); after the first two,
// a trial starts only while the run should stay within CRASH_BUDGET_S (default 180). The last
// line, `crash: N passed, M failed`, is what CI reads.

const TRIALS = Number(process.env.CRASH_TRIALS ?? 5);
if (!Number.isInteger(TRIALS) || TRIALS < 1) {
  console.error("CRASH_TRIALS must be a whole number of at least 1");
  process.exit(2);
}
/** Trials per database that run whatever the time; more only while the budget allows. */
const MIN_TRIALS = Math.min(TRIALS, 2);
const BUDGET_MS = Number(process.env.CRASH_BUDGET_S ?? 180) * 1000;
if (!(BUDGET_MS > 0)) {
  console.error("CRASH_BUDGET_S must be a number of seconds above 0");
  process.exit(2);
}
const LIKERS = 24;
const TARGET_TOOLS = 40;
const VIEWED_TOOLS = 8;
const LOAD_MS = { min: 1000, max: 4000 };
const SIGN_IN_CONCURRENCY = 4;

/** Everything a run writes on disk: templates, and each trial's DATA_DIR. */
const runDir = await mkdtemp(path.join(tmpdir(), "crash-run-"));
process.on("exit", killAllServers);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    killAllServers();
    rmSync(runDir, { recursive: true, force: true });
    process.exit(130);
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function mapInBatches<T, R>(
  items: readonly T[],
  size: number,
  map: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    const batch = items.slice(start, start + size);
    results.push(...(await Promise.all(batch.map((item, i) => map(item, start + i)))));
  }
  return results;
}

async function readCatalogueCounts(base: string) {
  const answer = await sendRequest(base, "GET", "/api/tools?limit=1");
  if (answer.status !== 200) throw new Error(`GET /api/tools: ${answer.status}`);
  return JSON.parse(answer.body) as { facets: CategoryEntry[]; totalInAllCategories: number };
}

/** After the restart a real sign-in works and a like is counted and answered. */
async function probeSignInAndLike(base: string, accounts: TestAccounts, toolId: string) {
  const cookie = await signIn(base, accounts.probe, "10.251.0.1");
  const tool = await sendRequest(base, "GET", `/api/tools/${toolId}`);
  const before = (JSON.parse(tool.body) as { tool: { likesTotal: number } }).tool.likesTotal;
  const liked = await sendRequest(base, "POST", `/api/tools/${toolId}/like`, {
    headers: { cookie, origin: base, "x-forwarded-for": "10.251.0.1" },
  });
  const state =
    liked.status === 200
      ? (JSON.parse(liked.body) as { likesTotal: number; isLiked: boolean })
      : null;
  if (!state?.isLiked || state.likesTotal !== before + 1) {
    return [
      `like after restart: ${liked.status} ${liked.body.slice(0, 200)} (likes before ${before})`,
    ];
  }
  return [];
}

/** Acknowledged writes a trial checked, by kind. */
interface Checked {
  likes: number;
  imports: number;
  importedTools: number;
  views: number;
}

const noneChecked = (): Checked => ({ likes: 0, imports: 0, importedTools: 0, views: 0 });

function checkedIn(ledger: WriteLedger): Checked {
  const acked = <T extends { outcome: string }>(writes: readonly T[]) =>
    writes.filter((write) => write.outcome === "acked");
  return {
    likes: acked(ledger.likes).length,
    imports: acked(ledger.imports).length,
    importedTools: acked(ledger.imports).reduce((sum, write) => sum + write.ids.length, 0),
    views: acked(ledger.views).length,
  };
}

interface TrialResult {
  isPassed: boolean;
  line: string;
  problems: string[];
  checked: Checked;
  keptAt?: string;
  serverOutput?: string;
}

/** Random online demo tools to like and to view, and the views of those before the trial. */
function pickTargets(template: TemplateDatabase) {
  const shuffled = [...template.onlineTools].sort(() => Math.random() - 0.5);
  const viewed = shuffled.slice(0, VIEWED_TOOLS);
  return {
    targetToolIds: shuffled.slice(0, TARGET_TOOLS).map((tool) => tool.id),
    viewedToolIds: viewed.map((tool) => tool.id),
    viewsBefore: new Map(viewed.map((tool) => [tool.id, tool.views])),
  };
}

/** Where a failed trial's data stays for a look (the database by name only: no credentials). */
function keptPlace(dataDir: string, databaseUrl: string | undefined) {
  return databaseUrl
    ? `${dataDir} and database ${new URL(databaseUrl).pathname.slice(1)}`
    : dataDir;
}

interface Sessions {
  likers: { id: string; address: string; cookie: string }[];
  adminCookie: string;
}

/**
 * Signs every liker and the admin in once, on a server running on the template: each trial's copy
 * holds the sessions (and shares the template's AUTH_SECRET), so trials spend no time on argon2.
 */
async function signInOnTemplate(
  template: TemplateDatabase,
  accounts: TestAccounts,
  port: number,
): Promise<Sessions> {
  const server = await ServerProcess.start(port, template.serverEnv);
  const signInAll = async () => {
    const likers = await mapInBatches(accounts.likers, SIGN_IN_CONCURRENCY, async (account, n) => {
      const address = `10.200.${n >> 8}.${(n & 255) + 1}`;
      return { id: account.id, address, cookie: await signIn(server.base, account, address) };
    });
    return { likers, adminCookie: await signIn(server.base, accounts.admin, "10.250.0.1") };
  };
  const sessions = await signInAll().catch(async (error: unknown) => {
    await server.kill();
    throw error;
  });
  const code = await server.stop();
  if (code !== 0) throw new Error(`The server on the template stopped with ${code}`);
  return sessions;
}

async function runTrial(
  number: number,
  template: TemplateDatabase,
  accounts: TestAccounts,
  sessions: Sessions,
  port: number,
): Promise<TrialResult> {
  const engine = template.engine;
  const dataDir = await mkdtemp(path.join(runDir, `trial-${number}-${engine}-`));
  const database = await template.copyFor(dataDir);
  const { targetToolIds, viewedToolIds, viewsBefore } = pickTargets(template);
  const servers: ServerProcess[] = [];
  const startServer = async () => {
    const server = await ServerProcess.start(port, database.serverEnv);
    servers.push(server);
    return server;
  };
  const problems: string[] = [];
  let line = `trial ${number} ${engine}: could not finish`;
  let checked = noneChecked();
  try {
    const crashed = await startServer();
    const base = crashed.base;
    const { facets } = await readCatalogueCounts(base);
    const ledger = await runWriteLoad({
      base,
      likers: sessions.likers,
      adminCookie: sessions.adminCookie,
      targetToolIds,
      viewedToolIds,
      taxonomy: facets.map((entry) => ({
        name: entry.name,
        subcategories: entry.subcategories.map((sub) => sub.name),
      })),
      tag: `${randomBytes(3).toString("hex")}-t${number}`,
      killAfterMs: LOAD_MS.min + Math.random() * (LOAD_MS.max - LOAD_MS.min),
      kill: () => crashed.kill(),
    });
    problems.push(...ledger.serverErrors.map((error) => `server error during the load: ${error}`));

    const restartStarted = performance.now();
    const restarted = await startServer();
    const restartMs = performance.now() - restartStarted;
    const served = await readCatalogueCounts(base);
    const probeProblems = await probeSignInAndLike(base, accounts, targetToolIds[0]!);
    const exitCode = await restarted.stop();
    if (exitCode !== 0) problems.push(`the restarted server stopped with ${exitCode}`);

    const handle = await database.open();
    const persisted = await readPersistedState(
      handle,
      [...accounts.likers, accounts.probe].map((account) => account.id),
      viewedToolIds,
    ).finally(() => handle.close());
    if (!persisted.likes.get(likeKey(accounts.probe.id, targetToolIds[0]!))) {
      probeProblems.push("the like made after the restart is not in the database");
    }
    const checks: CheckResult[] = [
      checkLikes(ledger.likes, persisted),
      checkImports(ledger, persisted),
      checkViews(ledger, persisted, viewsBefore),
      checkInvariants(persisted, served),
      {
        summary: [`sign-in and like after restart ${probeProblems.length === 0 ? "ok" : "FAILED"}`],
        problems: probeProblems,
      },
    ];
    for (const check of checks) problems.push(...check.problems);
    checked = checkedIn(ledger);
    line =
      `trial ${number} ${engine}: killed after ${seconds(ledger.killedAt)}, restarted in ${seconds(restartMs)}; ` +
      checks.flatMap((check) => check.summary).join("; ");
  } catch (error) {
    problems.push(`trial stopped: ${(error as Error).stack ?? String(error)}`);
  } finally {
    for (const server of servers) await server.kill();
  }
  const isPassed = problems.length === 0;
  if (isPassed) {
    await rm(dataDir, { recursive: true, force: true });
    await database.dispose();
  }
  return {
    isPassed,
    line,
    problems,
    checked,
    keptAt: isPassed ? undefined : keptPlace(dataDir, database.serverEnv.DATABASE_URL),
    serverOutput: servers
      .map(
        (server, index) =>
          `--- server ${index + 1} (${server === servers[0] ? "killed" : "restarted"})\n${server.output}`,
      )
      .join("\n"),
  };
}

function ensureBuild() {
  if (existsSync("build/server/index.js")) return;
  console.log("No build found: building the app first (react-router build)...");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function report(result: TrialResult) {
  console.log(result.line);
  if (result.isPassed) return;
  for (const problem of result.problems) console.log(`  FAIL ${problem}`);
  if (result.keptAt) console.log(`  data kept in ${result.keptAt}`);
  if (result.serverOutput) console.log(`  server output:\n${result.serverOutput}`);
}

const started = performance.now();
const elapsed = () => performance.now() - started;
ensureBuild();
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.log("TEST_DATABASE_URL is not set: PGlite trials only");
let passed = 0;
let failed = 0;
let skipped = 0;
const trialsBy = { pglite: 0, postgres: 0 };
const total = noneChecked();
const templates: TemplateDatabase[] = [];
try {
  const accounts = await makeAccounts(LIKERS);
  const port = await findFreePort();
  const engines: { template: TemplateDatabase; sessions: Sessions }[] = [];
  for (const prepare of [
    () => preparePgliteTemplate(runDir, accounts),
    ...(serverUrl ? [() => preparePostgresTemplate(serverUrl, runDir, accounts)] : []),
  ]) {
    const template = await prepare();
    templates.push(template);
    engines.push({ template, sessions: await signInOnTemplate(template, accounts, port) });
  }
  const trialsStarted = elapsed();
  // The databases take turns, so that a time budget cut short shares the loss between them.
  for (let number = 1; number <= TRIALS; number++) {
    const spent = (elapsed() - trialsStarted) / Math.max(1, passed + failed);
    if (number > MIN_TRIALS && elapsed() + spent * engines.length > BUDGET_MS) {
      skipped += (TRIALS - number + 1) * engines.length;
      break;
    }
    for (const { template, sessions } of engines) {
      const result = await runTrial(number, template, accounts, sessions, port).catch(
        (error: unknown): TrialResult => ({
          isPassed: false,
          line: `trial ${number} ${template.engine}: could not start`,
          problems: [(error as Error).stack ?? String(error)],
          checked: noneChecked(),
        }),
      );
      report(result);
      if (result.isPassed) passed++;
      else failed++;
      trialsBy[template.engine]++;
      for (const kind of Object.keys(total) as (keyof Checked)[])
        total[kind] += result.checked[kind];
    }
  }
} catch (error) {
  failed++;
  console.log(`FAIL the trials could not be prepared: ${(error as Error).stack ?? String(error)}`);
} finally {
  for (const template of templates) await template.dispose().catch(() => {});
}
// Failed trials keep their data for a look; otherwise nothing stays behind.
if (failed === 0) await rm(runDir, { recursive: true, force: true });
if (skipped > 0) {
  console.log(
    `${skipped} trials not run: the time budget of ${seconds(BUDGET_MS)} would be passed`,
  );
}
console.log(
  `crash trials: ${trialsBy.pglite} on PGlite, ${trialsBy.postgres} on PostgreSQL in ${seconds(elapsed())}; ` +
    `acknowledged writes checked: ${total.likes} likes/unlikes, ${total.imports} imports (${total.importedTools} tools), ${total.views} views`,
);
console.log(`crash: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
