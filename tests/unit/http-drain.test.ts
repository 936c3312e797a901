import http, { type ServerResponse } from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { HttpDrain } from "#server/http/http-drain.server";

// Decision 025: what a stop does to the connections of a Node server (the process test,
// tests/integration/sigterm-drain.test.ts, covers the whole stop).

/**
 * A server whose every request waits until the test answers it: `held` lists the responses not
 * yet ended, in arrival order.
 */
async function startServer() {
  const held: ServerResponse[] = [];
  const server = http.createServer((_req, res) => {
    held.push(res);
  });
  const drain = new HttpDrain(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return { server, drain, held, port };
}

/** A GET on a keep-alive connection: the answer's status and the socket it came on. */
function get(port: number, agent: http.Agent) {
  return new Promise<{ status: number; connection?: string; socket: net.Socket }>(
    (resolve, reject) => {
      const request = http.get({ host: "127.0.0.1", port, path: "/", agent }, (response) => {
        response.resume();
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            socket: request.socket!,
          }),
        );
      });
      request.on("error", reject);
    },
  );
}

const closeOf = (socket: net.Socket) =>
  new Promise<number>((resolve) => socket.once("close", () => resolve(performance.now())));

async function waitFor(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("HttpDrain", () => {
  const agents: http.Agent[] = [];
  const servers: http.Server[] = [];
  const keepAlive = () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    return agent;
  };
  afterEach(() => {
    for (const agent of agents.splice(0)) agent.destroy();
    for (const server of servers.splice(0)) server.closeAllConnections();
  });

  it("refuses new connections and closes an idle keep-alive connection at once", async () => {
    const { server, drain, held, port } = await startServer();
    servers.push(server);
    const agent = keepAlive();
    const first = get(port, agent);
    await waitFor(() => held.length === 1);
    held[0]!.end("done");
    const { socket } = await first;
    const closed = closeOf(socket);

    const drainedAt = performance.now();
    expect(await drain.drain(5_000)).toEqual({ cutOff: 0 });
    expect((await closed) - drainedAt).toBeLessThan(200);
    await expect(
      new Promise((resolve, reject) =>
        net.connect(port, "127.0.0.1").once("connect", resolve).once("error", reject),
      ),
    ).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("answers a request in flight with Connection: close, and closes its keep-alive connection once a streamed answer ends", async () => {
    const { server, drain, held, port } = await startServer();
    servers.push(server);
    const notYetAnswered = get(port, keepAlive());
    const streaming = get(port, keepAlive());
    await waitFor(() => held.length === 2);
    // The second answer's headers went out before the stop, promising keep-alive.
    held[1]!.writeHead(200, { "content-type": "text/plain" }).write("part");

    const drained = drain.drain(5_000);
    expect(drain.inFlightCount).toBe(2);
    held[0]!.end("done");
    expect(await notYetAnswered).toMatchObject({ status: 200, connection: "close" });
    const endedAt = performance.now();
    held[1]!.end("rest");
    const streamed = await streaming;
    expect(streamed.connection).toBe("keep-alive");
    expect((await closeOf(streamed.socket)) - endedAt).toBeLessThan(500);
    expect(await drained).toEqual({ cutOff: 0 });
  });

  it("cuts off what is still in flight when the grace is over", async () => {
    const { server, drain, held, port } = await startServer();
    servers.push(server);
    const stuck = get(port, keepAlive()).then(
      () => "answered",
      () => "cut off",
    );
    await waitFor(() => held.length === 1);

    const drainedAt = performance.now();
    expect(await drain.drain(300)).toEqual({ cutOff: 1 });
    const took = performance.now() - drainedAt;
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(1_000);
    expect(await stuck).toBe("cut off");
  });
});
