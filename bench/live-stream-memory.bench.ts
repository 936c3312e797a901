import { fork } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { liveStream } from "../server/routes/live-stream.server";
import type { Application } from "../server/boot.server";
import { LiveHub } from "../server/live/live-hub.server";

// `node --expose-gc --import tsx bench/live-stream-memory.bench.ts [streams]`: what one open live
// stream costs the server process (BYTES_PER_LIVE_STREAM in live-stream-capacity.server.ts). The
// streams are opened by a child process, so only the server's side is measured.

const streams = Number(process.argv[2] ?? 2000);

if (process.argv[3] === "clients") {
  const port = Number(process.argv[4]);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  let open = 0;
  for (let stream = 0; stream < streams; stream++) {
    // One address per stream, so no per-client share refuses any.
    const address = `10.${(stream >> 16) & 255}.${(stream >> 8) & 255}.${stream & 255}`;
    const headers = { "x-forwarded-for": address };
    http.get({ host: "127.0.0.1", port, path: "/api/live", agent, headers }, (response) => {
      response.resume();
      if (++open === streams) process.send?.("open");
    });
  }
} else {
  const live = new LiveHub();
  const app = {
    live,
    readSignedIn: async () => null,
    services: { readLiveEventId: async () => 0 },
  } as unknown as Application;
  const routes = express()
    .set("trust proxy", true)
    .get("/api/live", liveStream(app, { maxStreams: streams }));
  const server = http.createServer(routes).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const collect = () => (globalThis as { gc?: () => void }).gc?.();
  collect();
  const before = process.memoryUsage();
  const port = (server.address() as AddressInfo).port;
  const clients = fork(process.argv[1]!, [String(streams), "clients", String(port)], {
    execArgv: ["--import", "tsx"],
  });
  await new Promise((resolve) => clients.once("message", resolve));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  collect();
  const after = process.memoryUsage();
  const perStream = (bytes: number) => `${Math.round(bytes / streams / 1024)} KB`;
  console.log(`${live.subscriberCount} streams open`);
  console.log(`resident memory per stream: ${perStream(after.rss - before.rss)}`);
  console.log(`of which JavaScript heap: ${perStream(after.heapUsed - before.heapUsed)}`);
  clients.kill();
  server.closeAllConnections();
  server.close();
}
