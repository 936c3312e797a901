import { AI_DRAFT_LIMITS } from "~/lib/ai-draft";
import type { DraftJobsAnswer } from "~/lib/api/contract";
import type { Database } from "#server/db/client.server";
import type { ModelSettings } from "./draft-types.server";
import { draftJobsOf, readDraftJobRows } from "./get-draft-job.server";

/** GET /api/admin/ai-drafts: the newest jobs, and the model drafts ask (null: page-only). */
export async function listDraftJobs(
  db: Database,
  model: ModelSettings | null,
): Promise<DraftJobsAnswer> {
  const rows = await readDraftJobRows(db, AI_DRAFT_LIMITS.listedJobs);
  return { jobs: await draftJobsOf(db, rows), model: model ? { name: model.model } : null };
}
