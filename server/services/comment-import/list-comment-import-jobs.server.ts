import { desc } from "drizzle-orm";
import type { CommentImportJobSummary, CommentImportReport } from "~/lib/comment-import";
import type { Database } from "#server/db/client.server";
import { commentImportJobs } from "#server/db/schema";

/** The latest migration runs and dry runs, newest first (the admin page's history). */
export async function listCommentImportJobs(
  db: Database,
  limit = 10,
): Promise<CommentImportJobSummary[]> {
  const rows = await db
    .select()
    .from(commentImportJobs)
    .orderBy(desc(commentImportJobs.id))
    .limit(limit);
  return rows.map((row) => {
    const report = row.report as Partial<CommentImportReport>;
    return {
      id: row.id,
      userEmail: row.userEmail,
      fileName: row.fileName,
      source: row.source,
      dryRun: row.dryRun,
      replace: row.replace,
      status: row.status,
      matchedThreads: report.matchedThreads ?? 0,
      unmatchedThreads: report.unmatchedThreads ?? 0,
      imported: report.imported ?? 0,
      toImport: report.toImport ?? 0,
      alreadyImported: report.alreadyImported ?? 0,
      message: report.message ?? "",
      finishedAt: row.finishedAt.toISOString(),
    };
  });
}
