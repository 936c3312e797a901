import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { liveStream } from "#server/routes/live-stream.server";
import type { Application } from "#server/boot.server";
import { LiveHub } from "#server/live/live-hub.server";

/**
 * A server whose only route is the live stream, serving at most 1,000 streams, that takes the
 * client's address from X-Forwarded-For (as behind a trusted proxy), so one test can be many
 * clients.
 */
async function startLiveServer() {
  const live = new LiveHub();
  const app = {
    live,
    readSignedIn: async () => null,
    services: { readLiveEventId: async () => 0 },
  } as unknown as Application;
  const routes = express()
    .set("trust proxy", true)
    .get("/api/live", liveStream(app, { maxStreams: 1000 }));
  const server = http.createServer(routes).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  return {
    server,
    agent,
    /** Opens a stream from `address`; resolves with its status (the stream stays open). */
    open: (address: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(
            {
              host: "127.0.0.1",
              port,
              path: "/api/live",
              agent,
              headers: { "x-forwarded-for": address },
            },
            (response) => {
              response.resume();
              resolve(response.statusCode ?? 0);
            },
          )
          .on("error", reject);
      }),
  };
}

/** Opens `count` streams from `address`, one after another; resolves with how many were opened. */
async function holdStreams(
  server: Awaited<ReturnType<typeof startLiveServer>>,
  address: string,
  count: number,
) {
  let opened = 0;
  for (let stream = 0; stream < count; stream++) {
    if ((await server.open(address)) === 200) opened++;
  }
  return opened;
}

describe("GET /api/live shared fairly", () => {
  const servers: Awaited<ReturnType<typeof startLiveServer>>[] = [];
  afterEach(async () => {
    for (const { server, agent } of servers.splice(0)) {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("gives a fresh visitor a stream while 20 addresses each ask for 50", async () => {
    const live = await startLiveServer();
    servers.push(live);
    let held = 0;
    for (let address = 1; address <= 20; address++) {
      held += await holdStreams(live, `203.0.113.${address}`, 50);
    }

    expect(held).toBeLessThan(1000);
    expect(await live.open("198.51.100.7")).toBe(200);
  }, 60_000);

  it("counts the /64 networks of one IPv6 /56 together: 20 of them asking for 50 each leave room for a fresh visitor", async () => {
    const live = await startLiveServer();
    servers.push(live);
    let held = 0;
    for (let network = 0; network < 20; network++) {
      held += await holdStreams(
        live,
        `2001:db8:aa:bb${network.toString(16).padStart(2, "0")}::1`,
        50,
      );
    }

    // A /56 holds at most what four addresses may.
    expect(held).toBeLessThanOrEqual(4 * 50);
    expect(await live.open("2001:db8:cc:dd00::1")).toBe(200);
  }, 60_000);

  it("still lets one address hold 50 streams while the process is nearly empty", async () => {
    const live = await startLiveServer();
    servers.push(live);
    expect(await holdStreams(live, "203.0.113.1", 50)).toBeGreaterThanOrEqual(45);
  });

  it("holds a client to fewer streams the fuller the process is", async () => {
    const live = await startLiveServer();
    servers.push(live);
    // 400 visitors with two tabs each fill the process to 80%.
    for (let visitor = 0; visitor < 400; visitor++) {
      await holdStreams(live, `10.0.${visitor >> 8}.${visitor & 255}`, 2);
    }

    // A fifth of 50 is left to a newcomer, shrinking with each stream it takes: it gets 9, and
    // the next is refused with 429.
    expect(await holdStreams(live, "203.0.113.1", 20)).toBe(9);
    expect(await live.open("203.0.113.1")).toBe(429);
  }, 60_000);
});
