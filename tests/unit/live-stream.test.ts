import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { liveStream } from "../../server/api/live-stream.server";
import type { Application } from "../../server/boot.server";
import { LiveHub } from "../../server/live/live-hub.server";

/** A server whose only route is the live stream, over an app whose liked ids load on demand. */
async function startLiveServer(options: Parameters<typeof liveStream>[1] = {}) {
  const live = new LiveHub();
  const pendingLikes: ((ids: string[]) => void)[] = [];
  const app = {
    live,
    readSignedIn: async () => ({ viewer: { id: "user-1" } }),
    services: {
      listLikedToolIds: () => new Promise<string[]>((resolve) => pendingLikes.push(resolve)),
    },
  } as unknown as Application;
  const server = express().get("/api/live", liveStream(app, options));
  const listening = http.createServer(server).listen(0, "127.0.0.1");
  await new Promise((resolve) => listening.once("listening", resolve));
  const { port } = listening.address() as AddressInfo;
  return { live, pendingLikes, listening, url: `http://127.0.0.1:${port}/api/live` };
}

/** Opens a stream; resolves with the response once its headers arrive. */
function openStream(url: string) {
  const request = http.get(url);
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once("response", resolve);
    request.once("error", reject);
  });
  // A test that destroys the request before the headers arrive never awaits this.
  response.catch(() => {});
  return { request, response };
}

const bodyOf = (response: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = "";
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => (text += chunk));
    response.on("end", () => resolve(text));
  });

describe("GET /api/live", () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("leaves no heartbeat timer behind when the client leaves while its liked ids load", async () => {
    const { live, pendingLikes, listening, url } = await startLiveServer();
    servers.push(listening);
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { request } = openStream(url);
    await vi.waitFor(() => expect(pendingLikes).toHaveLength(1));
    expect(live.subscriberCount).toBe(1);

    request.destroy();
    await vi.waitFor(() => expect(live.subscriberCount).toBe(0));
    pendingLikes[0]!(["tool-1"]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(vi.getTimerCount()).toBe(0);
  });

  it("sends a heartbeat every 25 seconds to a client that stays", async () => {
    const { pendingLikes, listening, url } = await startLiveServer();
    servers.push(listening);
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { request, response } = openStream(url);
    const stream = await response;
    let received = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => (received += chunk));
    await vi.waitFor(() => expect(pendingLikes).toHaveLength(1));
    pendingLikes[0]!(["tool-1"]);
    await vi.waitFor(() => expect(received).toContain('"likedToolIds":["tool-1"]'));
    expect(vi.getTimerCount()).toBe(1);

    vi.advanceTimersByTime(25_000);
    await vi.waitFor(() => expect(received).toContain(": keep-alive"));
    request.destroy();
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(0));
  });

  it("refuses a stream beyond the process-wide cap with 503 and Retry-After, and takes one again when a stream ends", async () => {
    const { live, listening, url } = await startLiveServer({ maxStreams: 2 });
    servers.push(listening);
    const first = openStream(url);
    const second = openStream(url);
    await Promise.all([first.response, second.response]);
    await vi.waitFor(() => expect(live.subscriberCount).toBe(2));

    const refused = await openStream(url).response;
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["retry-after"]).toBe("30");
    const body = JSON.parse(await bodyOf(refused)) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("UNAVAILABLE");
    expect(body.error.message).toMatch(/try again/i);

    first.request.destroy();
    await vi.waitFor(() => expect(live.subscriberCount).toBe(1));
    const third = openStream(url);
    expect((await third.response).statusCode).toBe(200);
    second.request.destroy();
    third.request.destroy();
  });

  it("answers HEAD at once, without opening a stream", async () => {
    const { live, listening, url } = await startLiveServer();
    servers.push(listening);
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.request(url, { method: "HEAD" }, resolve).on("error", reject).end();
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(live.subscriberCount).toBe(0);
  });

  it("refuses more streams than one client may hold with 429", async () => {
    const { listening, url } = await startLiveServer({ maxPerClient: 1 });
    servers.push(listening);
    const first = openStream(url);
    expect((await first.response).statusCode).toBe(200);
    const refused = await openStream(url).response;
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(await bodyOf(refused))).toEqual({
      error: { code: "RATE_LIMITED", message: "Too many open streams." },
    });
    first.request.destroy();
  });
});
