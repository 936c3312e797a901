import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DraftJob } from "~/lib/ai-draft";
import type { Database } from "#server/db/client.server";
import { aiDraftJobs } from "#server/db/schema";
import { AppError } from "#server/core/errors.server";
import { getDraftJob } from "./get-draft-job.server";

/**
 * POST /api/admin/ai-drafts/:id/retry: a failed or cancelled job (not saved) is queued again
 * from the start; `ignoreDuplicate` is "Draft anyway" for a duplicate.
 */
export async function retryDraftJob(
  db: Database,
  id: number,
  { ignoreDuplicate }: { ignoreDuplicate: boolean },
): Promise<DraftJob> {
  const [row] = await db
    .update(aiDraftJobs)
    .set({
      state: "queued",
      progress: null,
      failureCode: null,
      failureMessage: null,
      duplicateToolId: null,
      ignoreDuplicate,
      finalUrl: null,
      runnerId: null,
      draft: sql`jsonb_build_object('websiteUrl', ${aiDraftJobs.draft} -> 'websiteUrl')`,
      page: null,
      usedModel: false,
      modelProblem: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(aiDraftJobs.id, id),
        inArray(aiDraftJobs.state, ["failed", "cancelled"]),
        isNull(aiDraftJobs.savedToolId),
      ),
    )
    .returning({ id: aiDraftJobs.id });
  const job = await getDraftJob(db, id);
  if (!job) throw new AppError("NOT_FOUND", "No draft job has that id.");
  if (!row) {
    throw new AppError("CONFLICT", "Only a failed or cancelled job can be retried.");
  }
  return job;
}
