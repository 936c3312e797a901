import { createServer } from "node:http";
import { bootApplication } from "./boot.server";
import { DataDirLockedError } from "./db/lock.server";
import { EnvError, loadEnv } from "./env.server";
import { createHttpApp } from "./http.server";
import { createLogger } from "./logger.server";

// The server process: configuration, database, catalogue, then HTTP. `npm run dev` runs it with
// Vite for hot reload; `npm start` (server/start.ts) runs it on the production build.

function exitWith(message: string): never {
  console.error(message);
  process.exit(1);
}

const HEADER_BYTES_MAX = 16 * 1024;
const HEADERS_TIMEOUT_MS = 20_000;
/** Long enough for a 20 MB import on a slow line; live streams are long-lived responses, not requests. */
const REQUEST_TIMEOUT_MS = 5 * 60_000;

let env;
try {
  env = loadEnv();
} catch (error) {
  if (error instanceof EnvError) exitWith(error.message);
  throw error;
}

const logger = createLogger(env);
const startedAt = performance.now();

const app = await bootApplication(env, logger).catch((error: unknown) => {
  if (error instanceof DataDirLockedError) exitWith(error.message);
  logger.fatal({ err: error }, "could not start");
  process.exit(1);
});

const vite =
  env.NODE_ENV === "production"
    ? undefined
    : await import("vite").then(({ createServer }) =>
        createServer({ server: { middlewareMode: true }, appType: "custom" }),
      );

// Issue 14: nothing a client sends may end the process. Request errors are answered by the HTTP
// layer's one error handler; anything that still escapes is logged with its stack here.
process.on("unhandledRejection", (reason) => {
  logger.error({ err: reason }, "unhandled rejection");
});

const http = await createHttpApp({ app, env, logger, vite });
const server = createServer(
  {
    // Bounded requests: headers within 16 KB, and a client that trickles them in is cut off.
    maxHeaderSize: HEADER_BYTES_MAX,
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
  },
  http,
);
// CONNECT (a proxy tunnel) names no page of ours; Node leaves such a socket unanswered otherwise.
server.on("connect", (_req, socket) => {
  // Node hands the socket over without its error listener: a client's reset must not escape.
  socket.on("error", () => socket.destroy());
  socket.end(
    "HTTP/1.1 405 Method Not Allowed\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
    () => socket.destroy(),
  );
});
server.listen(env.PORT, env.HOST, () => {
  logger.info(
    { url: env.APP_URL, startupMs: Math.round(performance.now() - startedAt) },
    "Business AI Tools Directory is listening",
  );
});

let isStopping = false;
async function stop(signal: string) {
  if (isStopping) return;
  isStopping = true;
  logger.info({ signal }, "stopping");
  server.close();
  server.closeAllConnections();
  await vite?.close();
  await app.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
