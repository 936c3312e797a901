import { sql } from "drizzle-orm";
import type { Database, Transaction } from "#server/db/client.server";
import { errorGroups } from "#server/db/schema";
import type { ErrorReport } from "./error-reports.server";

/**
 * Counts one occurrence of `report` in its group (error_groups), creating the group on its first:
 * the latest path and a sample stack are kept, scrubbed, with the counts.
 */
export async function groupError(
  db: Database | Transaction,
  report: ErrorReport,
  path: string | null,
  now: Date,
): Promise<void> {
  await db
    .insert(errorGroups)
    .values({
      fingerprint: report.fingerprint,
      name: report.name,
      source: report.source,
      message: report.message,
      topFrame: report.topFrame,
      sampleStack: report.stack,
      count: 1,
      lastPath: path,
      firstSeenAt: now,
      lastSeenAt: now,
    })
    .onConflictDoUpdate({
      target: errorGroups.fingerprint,
      set: {
        count: sql`${errorGroups.count} + 1`,
        lastSeenAt: sql`greatest(${errorGroups.lastSeenAt}, excluded.last_seen_at)`,
        lastPath: sql`excluded.last_path`,
        sampleStack: sql`coalesce(excluded.sample_stack, ${errorGroups.sampleStack})`,
      },
    });
}
