import type express from "express";
import type { Application } from "../boot.server";

/** How long a health check waits for the database (DESIGN.md 4: 503 within 5 s when it is gone). */
export const HEALTH_TIMEOUT_MS = 2_000;

type DatabaseState = "ready" | "busy" | "unavailable";

/**
 * GET /healthz: the process is alive, and the database answers `select 1` within about 2 s
 * (200), or not (503). A pool whose connections are all at work is busy, not failing: the check
 * then asks over a connection of its own and answers 200 with `status: "busy"`, so a load
 * balancer does not take a loaded but working server out. One `select 1` at a time: checks that
 * arrive while one is out share it, so a database that hangs is not sent a pile of them. The
 * client's own limit ends a hung one (`POSTGRES_LIMITS.pingMs`), so the next check after the
 * database returns sees it back.
 */
export function healthCheck(
  app: Pick<Application, "database" | "isBackgroundWorkDone">,
  timeoutMs = HEALTH_TIMEOUT_MS,
): express.RequestHandler {
  let pinging: Promise<DatabaseState> | null = null;
  const ping = () =>
    (pinging ??= app.database.ping().then(
      (state) => {
        pinging = null;
        return state;
      },
      () => {
        pinging = null;
        return "unavailable" as const;
      },
    ));
  return async (_req, res) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<DatabaseState>((resolve) => {
      timer = setTimeout(() => resolve("unavailable"), timeoutMs);
    });
    const status = await Promise.race([ping(), late]);
    clearTimeout(timer);
    const isDatabaseUp = status !== "unavailable";
    res
      .status(isDatabaseUp ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({
        ok: isDatabaseUp,
        status,
        database: app.database.kind,
        images: app.isBackgroundWorkDone() ? "ready" : "generating",
      });
  };
}
