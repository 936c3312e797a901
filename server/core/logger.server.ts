import pino from "pino";
import type { Env } from "./env.server";

export type Logger = pino.Logger;

/** JSON logs in production, readable lines in development. */
export function createLogger(env: Pick<Env, "LOG_LEVEL" | "NODE_ENV">): Logger {
  return pino({
    level: env.LOG_LEVEL,
    ...(env.NODE_ENV === "development" && {
      transport: { target: "pino-pretty", options: { ignore: "pid,hostname" } },
    }),
  });
}
