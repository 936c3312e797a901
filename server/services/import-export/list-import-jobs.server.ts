import { desc } from "drizzle-orm";
import type { ImportJobSummary } from "~/lib/catalogue-import";
import type { Database } from "#server/db/client.server";
import { importJobs } from "#server/db/schema";

/** The most recent imports and dry runs, newest first (the admin import page's history). */
export async function listImportJobs(db: Database, limit = 10): Promise<ImportJobSummary[]> {
  const rows = await db.select().from(importJobs).orderBy(desc(importJobs.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    userEmail: row.userEmail,
    fileName: row.fileName,
    dryRun: row.dryRun,
    status: row.status,
    rows: row.rows,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    rejected: row.rejected,
    finishedAt: row.finishedAt.toISOString(),
  }));
}
