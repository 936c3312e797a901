import { bootApplication } from "./boot.server";
import { DataDirLockedError } from "./db/lock.server";
import { EnvError, loadEnv } from "./core/env.server";
import { createHttpApp } from "./http.server";
import { HttpDrain } from "./http/http-drain.server";
import { createNodeServer, logUnhandledRejection } from "./http/node-server.server";
import { createLogger } from "./core/logger.server";

// The server process: configuration, database, catalogue, then HTTP. `npm run dev` runs it with
// Vite for hot reload; `npm start` (server/start.ts) runs it on the production build.

function exitWith(message: string): never {
  console.error(message);
  process.exit(1);
}

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

process.on("unhandledRejection", logUnhandledRejection(logger));

const http = await createHttpApp({ app, env, logger, vite });
const server = createNodeServer(http);
const requests = new HttpDrain(server);
server.listen(env.PORT, env.HOST, () => {
  logger.info(
    { url: env.APP_URL, startupMs: Math.round(performance.now() - startedAt) },
    "Business AI Tools Directory is listening",
  );
});

/** How long a stop waits for requests and background jobs in flight (decision 025). */
const DRAIN_MS = 10_000;
/** Closing the database after the drain: past this, the process ends anyway. */
const CLOSE_MS = 5_000;

let isStopping = false;
async function stop(signal: string) {
  if (isStopping) return;
  isStopping = true;
  const stopAt = performance.now();
  logger.info({ signal, requests: requests.inFlightCount }, "draining");
  setTimeout(() => {
    logger.error("closing took too long; exiting");
    process.exit(1);
  }, DRAIN_MS + CLOSE_MS).unref();
  const drained = requests.drain(DRAIN_MS);
  // Live streams never finish by themselves: each is told to reconnect, to another server.
  app.live.close();
  const [{ cutOff }] = await Promise.all([drained, app.drain(DRAIN_MS)]);
  await vite?.close();
  await app.close();
  logger.info({ drainMs: Math.round(performance.now() - stopAt), cutOff }, "stopped");
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
