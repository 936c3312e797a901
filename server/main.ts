import { bootApplication } from "./boot.server";
import { DataDirLockedError } from "./db/lock.server";
import { EnvError, loadEnv } from "./env.server";
import { createHttpApp } from "./http.server";
import { createNodeServer, logUnhandledRejection } from "./http/node-server.server";
import { createLogger } from "./logger.server";

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
