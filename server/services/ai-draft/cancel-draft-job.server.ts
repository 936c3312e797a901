import { and, eq, inArray, sql } from "drizzle-orm";
import { ACTIVE_DRAFT_STATES, DRAFT_FAILURES, type DraftJob } from "~/lib/ai-draft";
import type { Database } from "#server/db/client.server";
import { aiDraftJobs } from "#server/db/schema";
import { AppError } from "#server/core/errors.server";
import { getDraftJob } from "./get-draft-job.server";

/**
 * POST /api/admin/ai-drafts/:id/cancel: a queued or running job becomes cancelled in the
 * database; the runner running it (on any server) notices and stops. A job already cancelled
 * answers as it is; a finished one cannot be cancelled.
 */
export async function cancelDraftJob(db: Database, id: number): Promise<DraftJob> {
  await db
    .update(aiDraftJobs)
    .set({
      state: "cancelled",
      progress: null,
      failureCode: "cancelled",
      failureMessage: DRAFT_FAILURES.cancelled,
      updatedAt: sql`now()`,
    })
    .where(and(eq(aiDraftJobs.id, id), inArray(aiDraftJobs.state, [...ACTIVE_DRAFT_STATES])));
  const job = await getDraftJob(db, id);
  if (!job) throw new AppError("NOT_FOUND", "No draft job has that id.");
  if (job.state !== "cancelled") {
    throw new AppError("CONFLICT", "This job has already finished, so there is nothing to cancel.");
  }
  return job;
}
