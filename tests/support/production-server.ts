import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { bootApplication, type Application } from "#server/boot.server";
import { parseEnv } from "#server/core/env.server";
import { createHttpApp } from "#server/http.server";

/** The public address the production servers of the suites believe they have. */
export const APP_URL = "http://localhost:3000";
/** How long a suite may take to build the app before its first test. */
export const BUILD_MS = 180_000;

export interface RunningServer {
  app: Application;
  url: string;
  close(): Promise<void>;
}

/**
 * The production server as `npm start` assembles it (the built app, the whole HTTP edge, a real
 * database), on a port of its own; PGlite in a fresh data folder unless a database URL is given.
 */
export async function startProductionServer(databaseUrl?: string): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "production-server-"));
  const env = parseEnv({
    NODE_ENV: "production",
    APP_URL,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: "s".repeat(32),
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
  });
  const logger = pino({ level: "silent" });
  const app = await bootApplication(env, logger);
  const server = createServer(
    await createHttpApp({ app, env, logger, buildDir: path.resolve("build") }),
  );
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    app,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      server.close();
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Suites that render the built app; a checkout without a build builds it first. */
export function buildOnce() {
  if (existsSync("build/server/index.js")) return;
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("react-router build failed; this suite needs build/");
}
