import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ServerProcess } from "../crash/server-process";
import { createScratchDatabase } from "../scratch-database";
import { databaseKind } from "./test-database";

// Decision 025: SIGTERM drains. The server stops accepting, answers what is in
// flight (up to 10 s), ends live streams with a retry hint, and exits 0. The real server process,
// on the production build (run under `flock /tmp/e2e.lock`, as the build may be remade meanwhile).

const serverUrl = process.env.TEST_DATABASE_URL;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once a connection to `port` is refused, rejects if it is accepted. */
function connectTo(port: number): Promise<"refused"> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      reject(new Error("a new connection was accepted"));
    });
    socket.once("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNREFUSED" ? resolve("refused") : reject(error),
    );
  });
}

/**
 * A POST whose body arrives in two parts: the request is in flight from the first part until
 * `finish` sends the rest.
 */
function trickledPost(base: string, pathname: string, body: string) {
  const half = Math.floor(body.length / 2);
  const request = http.request(new URL(pathname, base), {
    method: "POST",
    agent: false,
    headers: {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      origin: base,
    },
  });
  const answer = new Promise<{ status: number; connection?: string; body: string }>(
    (resolve, reject) => {
      request.on("error", reject);
      request.on("response", (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body: text,
          }),
        );
        response.on("error", reject);
      });
    },
  );
  request.write(body.slice(0, half));
  return { answer, finish: () => request.end(body.slice(half)) };
}

/** Opens GET /api/live; `text` is what has arrived, `ended` resolves when the server ends it. */
function openStream(base: string) {
  let text = "";
  const ended = new Promise<void>((resolve, reject) => {
    http
      .get(new URL("/api/live", base), { agent: false }, (response) => {
        response.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        response.on("end", resolve);
        response.on("error", reject);
      })
      .on("error", reject);
  });
  return { ended, text: () => text };
}

/** A keep-alive connection left idle after one answer; resolves when the server closes it. */
async function idleKeepAliveConnection(base: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const socket = await new Promise<net.Socket>((resolve, reject) => {
    const request = http.get(new URL("/healthz", base), { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve(request.socket!));
    });
    request.on("error", reject);
  });
  const closed = new Promise<number>((resolve) =>
    socket.once("close", () => resolve(performance.now())),
  );
  return { closed, destroy: () => agent.destroy() };
}

/** The production server on a fresh data folder (and a scratch database on PostgreSQL). */
async function startServer() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "sigterm-drain-"));
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, "sigterm_drain") : null;
  const server = await ServerProcess.start(await freePort(), {
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url ?? "",
    AUTH_SECRET: "d".repeat(32),
    SEED_DEMO: "false",
    SMTP_URL: "",
    LOG_LEVEL: "info",
  });
  return {
    server,
    async dispose() {
      await server.kill();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe(`SIGTERM on ${databaseKind}`, () => {
  let started: Awaited<ReturnType<typeof startServer>> | undefined;
  afterEach(async () => {
    await started?.dispose();
    started = undefined;
  });

  it("refuses new connections, finishes a request in flight, sends streams away with a retry hint, and exits 0", async () => {
    started = await startServer();
    const { server } = started;
    const base = server.base;
    const port = Number(new URL(base).port);
    const stream = openStream(base);
    await expect.poll(stream.text).toContain("retry: 3000");
    const idle = await idleKeepAliveConnection(base);
    const signUp = trickledPost(
      base,
      "/api/auth/sign-up/email",
      JSON.stringify({ email: "drain@example.com", password: "a long passphrase 31", name: "" }),
    );
    // The server has the first half of the body: the request is in flight.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const stoppedAt = performance.now();
    const exited = server.stop();

    // Idle connections close at once; the stream is told to come back in 1-5 s, elsewhere.
    expect((await idle.closed) - stoppedAt).toBeLessThan(1_000);
    idle.destroy();
    await stream.ended;
    expect(stream.text()).toMatch(/retry: [1-4]\d{3}\nevent: reconnect\ndata: \{\}\n\n$/);
    expect(await connectTo(port)).toBe("refused");

    // Two seconds into the drain the rest of the body arrives: answered in full, and closed.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(server.hasExited).toBe(false);
    signUp.finish();
    const answer = await signUp.answer;
    expect(answer.status, answer.body).toBe(200);
    expect(answer.connection).toBe("close");

    expect(await exited).toBe(0);
    expect(performance.now() - stoppedAt).toBeLessThan(5_000);
    expect(server.output).toMatch(/"msg":"stopped"/);
  }, 60_000);

  it("cuts off a request still unanswered after 10 s, and still exits 0", async () => {
    started = await startServer();
    const { server } = started;
    const stuck = trickledPost(server.base, "/api/events", JSON.stringify({ events: [] }));
    const cutOff = stuck.answer.then(
      () => "answered",
      () => "cut off",
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    const stoppedAt = performance.now();
    expect(await server.stop()).toBe(0);
    const took = performance.now() - stoppedAt;

    expect(await cutOff).toBe("cut off");
    expect(took).toBeGreaterThan(9_500);
    expect(took).toBeLessThan(11_500);
    expect(server.output).toMatch(/"cutOff":1/);
  }, 60_000);
});
