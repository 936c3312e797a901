import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { sendRequest } from "./http-client";

/** The ports this script may use, and nothing else. */
export const PORT_RANGE = { first: 3310, last: 3319 } as const;

const HEALTH_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
/** The last part of a server's output, shown when a trial fails. */
const OUTPUT_KEPT = 8_000;

const running = new Set<ChildProcess>();

/** Kills every server this script started; safe to call from an exit handler (synchronous). */
export function killAllServers() {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

export async function findFreePort(): Promise<number> {
  for (let port = PORT_RANGE.first; port <= PORT_RANGE.last; port++) {
    if (await isPortFree(port)) return port;
  }
  throw new Error(`No free port in ${PORT_RANGE.first}-${PORT_RANGE.last}`);
}

/** The production server (`node --import tsx server/main.ts`) as a child process. */
export class ServerProcess {
  #output = "";
  readonly #exited: Promise<number | null>;

  private constructor(
    readonly child: ChildProcess,
    readonly base: string,
  ) {
    const keep = (chunk: Buffer) => {
      this.#output = (this.#output + chunk.toString("utf8")).slice(-OUTPUT_KEPT);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    this.#exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        running.delete(child);
        resolve(signal ? null : code);
      });
    });
  }

  /** Starts the server and resolves once GET /healthz answers 200. */
  static async start(port: number, env: Record<string, string>): Promise<ServerProcess> {
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: {
        ...process.env,
        LOG_LEVEL: "warn",
        ...env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: base,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    running.add(child);
    const server = new ServerProcess(child, base);
    await server.#waitForHealth();
    return server;
  }

  get output(): string {
    return this.#output;
  }

  get hasExited(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  async #waitForHealth() {
    const deadline = Date.now() + HEALTH_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (this.hasExited) {
        throw new Error(`The server exited during start:\n${this.#output}`);
      }
      const answer = await sendRequest(this.base, "GET", "/healthz", { timeoutMs: 2000 }).catch(
        () => null,
      );
      if (answer?.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    this.child.kill("SIGKILL");
    throw new Error(`The server did not answer /healthz within ${HEALTH_TIMEOUT_MS} ms`);
  }

  /** SIGKILL: no shutdown code runs, as in a power cut of the process. */
  async kill(): Promise<void> {
    if (!this.hasExited) this.child.kill("SIGKILL");
    await this.#exited;
  }

  /** SIGTERM, as an orderly stop; resolves with the exit code (null when it had to be killed). */
  async stop(): Promise<number | null> {
    if (this.hasExited) return this.#exited;
    this.child.kill("SIGTERM");
    const timer = setTimeout(() => this.child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    const code = await this.#exited;
    clearTimeout(timer);
    return code;
  }
}
