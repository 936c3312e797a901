import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { hashPassword } from "#server/auth/password.server";
import { openPglite, openPostgres, type DatabaseHandle } from "#server/db/client.server";
import { authAccounts, authUsers, userProfiles } from "#server/db/schema";
import { seedDemoCatalogue } from "#server/seed/seed-demo.server";
import { createScratchDatabase } from "../scratch-database";
import type { LoopDelays } from "./loop-delay-probe";

// The production server as a child process, on a fresh PGlite data folder or a fresh PostgreSQL
// database, with three verified accounts written before it starts (PGlite allows one process).

export type DatabaseKind = "pglite" | "postgres";

export interface Account {
  email: string;
  password: string;
}

export interface FuzzAccounts {
  /** A verified person whose session rides on signed-in fuzz requests. */
  user: Account;
  /** A verified admin (stored role) for /api/admin/*. */
  admin: Account;
  /** Signs in and likes after the fuzzing, to prove both still work. */
  checker: Account;
}

/** Read-only SQL on the server's database (PGlite: only while the server is stopped). */
export interface DatabaseReader {
  query<Row>(text: string): Promise<Row[]>;
  close(): Promise<void>;
}

/** Demo tools enough for every category and real ids, few enough to draw their images quickly. */
const DEMO_TOOLS = 150;

const strongPassword = () => `${randomBytes(18).toString("base64url")}-Fz9`;

async function prepareDatabase(database: DatabaseHandle): Promise<FuzzAccounts> {
  await database.migrate();
  await seedDemoCatalogue(database.db, DEMO_TOOLS);
  const accounts: FuzzAccounts = {
    user: { email: "fuzz-user@example.com", password: strongPassword() },
    admin: { email: "fuzz-admin@example.com", password: strongPassword() },
    checker: { email: "fuzz-checker@example.com", password: strongPassword() },
  };
  for (const [role, account] of Object.entries(accounts) as [keyof FuzzAccounts, Account][]) {
    const userId = randomUUID();
    await database.db.insert(authUsers).values({
      id: userId,
      name: `Fuzz ${role}`,
      email: account.email,
      emailVerified: true,
      role: role === "admin" ? "admin" : "user",
    });
    await database.db.insert(authAccounts).values({
      id: randomUUID(),
      accountId: userId,
      providerId: "credential",
      userId,
      password: await hashPassword(account.password),
    });
    await database.db.insert(userProfiles).values({
      userId,
      email: account.email,
      username: `fuzz-${role}`,
      displayName: `Fuzz ${role}`,
    });
  }
  return accounts;
}

export interface LogLine {
  at: number;
  text: string;
}

export class FuzzServer {
  #child: ChildProcess | null = null;
  #exit: Promise<void> = Promise.resolve();
  #hasExited = true;
  #exitNote = "";
  readonly log: LogLine[] = [];

  private constructor(
    readonly kind: DatabaseKind,
    readonly port: number,
    readonly accounts: FuzzAccounts,
    private readonly env: Record<string, string>,
    private readonly cleanUp: () => Promise<void>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Why the process stopped, when it did. */
  get exitNote(): string {
    return this.#exitNote;
  }

  static async create(kind: DatabaseKind, port: number): Promise<FuzzServer> {
    const dataDir = await mkdtemp(path.join(tmpdir(), `fuzz-${kind}-`));
    const env: Record<string, string> = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "warn",
      FUZZ_LOOP_DELAY_FILE: path.join(dataDir, "loop-delays.json"),
    };
    let dropDatabase = async () => {};
    if (kind === "postgres") {
      const serverUrl = process.env.TEST_DATABASE_URL;
      if (!serverUrl) throw new Error("The PostgreSQL fuzz run needs TEST_DATABASE_URL");
      const scratch = await createScratchDatabase(serverUrl, "fuzz");
      dropDatabase = scratch.drop;
      env.DATABASE_URL = scratch.url;
    }
    const database = env.DATABASE_URL
      ? await openPostgres(env.DATABASE_URL)
      : await openPglite(path.join(dataDir, "pglite"));
    const accounts = await prepareDatabase(database).finally(() => database.close());
    const server = new FuzzServer(kind, port, accounts, env, async () => {
      await dropDatabase().catch(() => {});
      await rm(dataDir, { recursive: true, force: true });
    });
    await server.start().catch(async (error: unknown) => {
      await server.dispose();
      throw error;
    });
    return server;
  }

  isAlive(): boolean {
    return !this.#hasExited;
  }

  async start(): Promise<void> {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "--import", "./tests/fuzz/loop-delay-probe.ts", "server/main.ts"],
      {
        env: { ...process.env, ...this.env, DATABASE_URL: this.env.DATABASE_URL ?? "" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    this.#child = child;
    this.#hasExited = false;
    this.#exitNote = "";
    const collect = (chunk: Buffer) => {
      for (const text of chunk.toString("utf8").split("\n")) {
        if (text.trim()) this.log.push({ at: Date.now(), text });
      }
      if (this.log.length > 20_000) this.log.splice(0, this.log.length - 10_000);
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    this.#exit = new Promise((resolve) => {
      child.on("exit", (code, signal) => {
        this.#hasExited = true;
        this.#exitNote = `exited with ${signal ?? `code ${code}`}`;
        resolve();
      });
    });
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (this.#hasExited) {
        throw new Error(`The server did not start (${this.#exitNote}):\n${this.logTail(20)}`);
      }
      if (await this.isHealthy()) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`The server did not answer /healthz within 120 s:\n${this.logTail(20)}`);
  }

  /** True once the process has exited, waiting up to `ms` for it. */
  async exitsWithin(ms: number): Promise<boolean> {
    if (this.#hasExited) return true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.#exit, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
    return this.#hasExited;
  }

  /** Starts it again on the same data after it stopped by itself. */
  async restart(): Promise<void> {
    await this.#exit;
    await this.start();
  }

  async isHealthy(): Promise<boolean> {
    try {
      const response = await fetch(`${this.url}/healthz`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      return response.status === 200;
    } catch {
      return false;
    }
  }

  logTail(lines: number): string {
    return this.log
      .slice(-lines)
      .map((line) => line.text)
      .join("\n");
  }

  /** The event loop's delays since the last startLoopDelays (or the start of the process). */
  async loopDelays(): Promise<LoopDelays> {
    return JSON.parse(await readFile(this.env.FUZZ_LOOP_DELAY_FILE!, "utf8")) as LoopDelays;
  }

  /** Starts measuring the event loop's delays afresh, once the server has taken the signal. */
  async startLoopDelays(): Promise<void> {
    const before = (await this.loopDelays()).starts;
    this.#child?.kill("SIGUSR2");
    const deadline = Date.now() + 10_000;
    while ((await this.loopDelays()).starts === before) {
      if (Date.now() > deadline) throw new Error("The server did not restart its loop measure");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** SIGTERM, then wait for the process to finish (views flushed, PGlite closed). */
  async stop(): Promise<void> {
    if (this.#hasExited) return;
    this.#child?.kill("SIGTERM");
    const killLater = setTimeout(() => this.#child?.kill("SIGKILL"), 15_000);
    await this.#exit;
    clearTimeout(killLater);
  }

  /** SQL that cannot write, on the data the server uses. PGlite: stop the server first. */
  async openReader(): Promise<DatabaseReader> {
    if (this.env.DATABASE_URL) {
      const client = new pg.Client({
        connectionString: this.env.DATABASE_URL,
        options: "-c default_transaction_read_only=on",
      });
      await client.connect();
      return {
        query: async <Row>(text: string) => (await client.query(text)).rows as Row[],
        close: () => client.end(),
      };
    }
    if (this.isAlive()) throw new Error("PGlite allows one process: stop the server first");
    const client = await PGlite.create(path.join(this.env.DATA_DIR!, "pglite"));
    await client.exec("SET default_transaction_read_only = on");
    return {
      query: async <Row>(text: string) => (await client.query<Row>(text)).rows,
      close: () => client.close(),
    };
  }

  async dispose(): Promise<void> {
    await this.stop();
    await this.cleanUp();
  }
}
