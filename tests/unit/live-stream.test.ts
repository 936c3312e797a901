import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { liveStream } from "#server/routes/live-stream.server";
import type { Application } from "#server/boot.server";
import type { LiveEvent } from "#server/live/live-events.server";
import { LiveHub } from "#server/live/live-hub.server";

/**
 * A server whose only route is the live stream, over an app whose person is "user-1" and whose
 * shared event sequence answers on demand.
 */
async function startLiveServer(options: Parameters<typeof liveStream>[1] = {}) {
  const live = new LiveHub();
  const pendingReads: ((latestId: number) => void)[] = [];
  const app = {
    live,
    readSignedIn: async () => ({ viewer: { id: "user-1" } }),
    services: {
      readLiveEventId: () => new Promise<number>((resolve) => pendingReads.push(resolve)),
    },
  } as unknown as Application;
  const server = express().get("/api/live", liveStream(app, options));
  const listening = http.createServer(server).listen(0, "127.0.0.1");
  await new Promise((resolve) => listening.once("listening", resolve));
  const { port } = listening.address() as AddressInfo;
  return { live, pendingReads, listening, url: `http://127.0.0.1:${port}/api/live` };
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

/** A like event of `userId` on `toolId`, leaving it at 4 likes. */
function likeEvent(id: number, toolId: string, userId: string, isLiked: boolean): LiveEvent {
  return { id, type: "like", toolId, likesTotal: 4, userId, isLiked };
}

/** What a stream has sent so far: its text, and its events (comments and retry lines left out). */
function collect(response: http.IncomingMessage) {
  let text = "";
  response.setEncoding("utf8");
  response.on("data", (chunk: string) => (text += chunk));
  return {
    get text() {
      return text;
    },
    events: () =>
      text
        .split("\n\n")
        .filter((block) => /^event: /m.test(block))
        .map((block) => {
          const fields = new Map([...block.matchAll(/^(\w+): (.*)$/gm)].map((m) => [m[1], m[2]]));
          return {
            id: fields.get("id"),
            event: fields.get("event"),
            data: JSON.parse(fields.get("data") ?? "null") as unknown,
          };
        }),
  };
}

describe("GET /api/live", () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("leaves no heartbeat timer behind when the client leaves while its missed events are checked", async () => {
    const { live, pendingReads, listening, url } = await startLiveServer();
    servers.push(listening);
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { request } = openStream(`${url}?lastEventId=5`);
    await vi.waitFor(() => expect(pendingReads).toHaveLength(1));
    expect(live.subscriberCount).toBe(1);

    request.destroy();
    await vi.waitFor(() => expect(live.subscriberCount).toBe(0));
    pendingReads[0]!(9);
    await new Promise((resolve) => setImmediate(resolve));
    expect(vi.getTimerCount()).toBe(0);
  });

  it("sends a heartbeat every 25 seconds to a client that stays", async () => {
    const { listening, url } = await startLiveServer();
    servers.push(listening);
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { request, response } = openStream(url);
    const received = collect(await response);
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));

    vi.advanceTimersByTime(25_000);
    await vi.waitFor(() => expect(received.text).toContain(": keep-alive"));
    request.destroy();
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(0));
  });

  it("sends only changes: no liked list on connect, then counts to all and own like state to its person", async () => {
    const { live, listening, url } = await startLiveServer();
    servers.push(listening);
    const { request, response } = openStream(url);
    const received = collect(await response);
    await vi.waitFor(() => expect(live.subscriberCount).toBe(1));

    live.receive(likeEvent(1, "tool-a", "user-2", true));
    live.receive(likeEvent(2, "tool-b", "user-1", true));
    await vi.waitFor(() => expect(received.events()).toHaveLength(3));
    expect(received.events()).toEqual([
      { id: "1", event: "likes", data: { toolId: "tool-a", likesTotal: 4 } },
      { id: "2", event: "likes", data: { toolId: "tool-b", likesTotal: 4 } },
      { id: "2", event: "liked", data: { toolId: "tool-b", isLiked: true } },
    ]);
    request.destroy();
  });

  it("forwards a tool's comments event as the SSE event comments", async () => {
    const { live, listening, url } = await startLiveServer();
    servers.push(listening);
    const { request, response } = openStream(url);
    const received = collect(await response);
    await vi.waitFor(() => expect(live.subscriberCount).toBe(1));

    live.receive({
      id: 7,
      type: "comments",
      toolId: "tool-a",
      ratingAvg: 4.25,
      ratingCount: 4,
      commentCount: 6,
    });
    await vi.waitFor(() => expect(received.events()).toHaveLength(1));
    expect(received.events()).toEqual([
      {
        id: "7",
        event: "comments",
        data: { toolId: "tool-a", ratingAvg: 4.25, ratingCount: 4, commentCount: 6 },
      },
    ]);
    request.destroy();
  });

  it("replays the events after the one the page was read at, then goes on live", async () => {
    const { live, pendingReads, listening, url } = await startLiveServer();
    servers.push(listening);
    live.receive(likeEvent(1, "tool-a", "user-1", true));
    live.receive(likeEvent(2, "tool-b", "user-1", true));
    live.receive(likeEvent(3, "tool-a", "user-1", false));
    const { request, response } = openStream(`${url}?lastEventId=1`);
    const received = collect(await response);
    await vi.waitFor(() => expect(live.subscriberCount).toBe(1));
    live.receive(likeEvent(4, "tool-c", "user-2", true));

    await vi.waitFor(() => expect(received.events()).toHaveLength(5));
    expect(received.events().map(({ id, event }) => `${id} ${event}`)).toEqual([
      "2 likes",
      "2 liked",
      "3 likes",
      "3 liked",
      "4 likes",
    ]);
    expect(pendingReads).toHaveLength(0);
    request.destroy();
  });

  it("says nothing was missed when the server holds no events after the page's and none was handed out since", async () => {
    const { live, pendingReads, listening, url } = await startLiveServer();
    servers.push(listening);
    const { request, response } = openStream(`${url}?lastEventId=7`);
    const received = collect(await response);
    await vi.waitFor(() => expect(pendingReads).toHaveLength(1));
    pendingReads[0]!(7);
    live.receive(likeEvent(8, "tool-a", "user-1", true));

    await vi.waitFor(() => expect(received.events()).toHaveLength(2));
    expect(received.events().map(({ event }) => event)).toEqual(["likes", "liked"]);
    request.destroy();
  });

  it("says resync when events after the page's were handed out and this server no longer holds them", async () => {
    const { live, pendingReads, listening, url } = await startLiveServer();
    servers.push(listening);
    const { request, response } = openStream(`${url}?lastEventId=7`);
    const received = collect(await response);
    await vi.waitFor(() => expect(pendingReads).toHaveLength(1));
    pendingReads[0]!(9);
    live.receive(likeEvent(10, "tool-a", "user-2", true));

    await vi.waitFor(() => expect(received.events()).toHaveLength(2));
    expect(received.events().map(({ event }) => event)).toEqual(["resync", "likes"]);
    request.destroy();
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
