import type { Database } from "#server/db/client.server";
import { analyticsEvents } from "#server/db/schema";
import type { Logger } from "#server/core/logger.server";
import { errorReportOf } from "./error-reports.server";
import { keptPathOf } from "./event-fields.server";
import { groupError } from "./group-error.server";

/**
 * Server errors stored per minute and server: an error storm (the database failing on every
 * request) must not add a write of its own to each failing request. Counted in memory, since the
 * database may be the thing failing.
 */
export const SERVER_ERRORS_PER_MINUTE = 60;

/**
 * recordServerError(error, path): an unexpected server error as an app_exception of source
 * "server", grouped like the browser's. Fire and forget: it never throws and never delays the
 * answer; a report that cannot be stored is only logged.
 */
export function createServerErrorRecorder({
  db,
  logger,
  clock = () => new Date(),
}: {
  db: Database;
  logger: Logger;
  clock?: () => Date;
}) {
  let windowStart = 0;
  let inWindow = 0;
  const store = async (error: unknown, path: string, now: Date) => {
    const message = error instanceof Error ? error.message : String(error);
    const stack = error instanceof Error ? error.stack : undefined;
    const report = errorReportOf("server", "app_exception", message, stack);
    const kept = keptPathOf(path.startsWith("/") ? path : `/${path}`).path;
    await db.transaction(async (tx) => {
      await groupError(tx, report, kept, now);
      await tx.insert(analyticsEvents).values({
        name: "app_exception",
        category: "error",
        occurredAt: now,
        consented: false,
        path: kept,
        errorGroup: report.fingerprint,
      });
    });
  };
  return (error: unknown, path: string): void => {
    try {
      const now = clock();
      if (now.getTime() - windowStart >= 60_000) {
        windowStart = now.getTime();
        inWindow = 0;
      }
      if (++inWindow > SERVER_ERRORS_PER_MINUTE) return;
      // Scrubbing and grouping wait until the failing request has been answered.
      setImmediate(() => {
        store(error, path, now).catch((failure: unknown) => {
          logger.warn({ err: failure }, "a server error could not be recorded");
        });
      });
    } catch (failure) {
      logger.warn({ err: failure }, "a server error could not be recorded");
    }
  };
}
