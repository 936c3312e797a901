import { eq, sql } from "drizzle-orm";
import type { DraftedFieldName, ToolDraft } from "~/lib/ai-draft";
import type { RedraftedField } from "~/lib/api/contract";
import type { Database } from "#server/db/client.server";
import { aiDraftJobs } from "#server/db/schema";
import { AppError } from "#server/core/errors.server";
import { redraftField } from "./draft-tool.server";
import type { ModelSettings, PageFacts, TaxonomyEntry } from "./draft-types.server";

/**
 * POST /api/admin/ai-drafts/:id/redraft: one field drafted again from the page stored with the
 * job (the model asked for that field alone, or the next page candidate); a new value is kept on
 * the job so the review shows it after a reload.
 */
export async function redraftDraftField(
  db: Database,
  id: number,
  field: DraftedFieldName,
  settings: { taxonomy: TaxonomyEntry[]; model: ModelSettings | null },
): Promise<RedraftedField> {
  const [job] = await db
    .select({ state: aiDraftJobs.state, draft: aiDraftJobs.draft, page: aiDraftJobs.page })
    .from(aiDraftJobs)
    .where(eq(aiDraftJobs.id, id));
  if (!job) throw new AppError("NOT_FOUND", "No draft job has that id.");
  if (job.state !== "ready" || !job.page) {
    throw new AppError("CONFLICT", "Only a ready draft can be redrafted: retry this job first.");
  }
  const drafted = await redraftField(field, {
    facts: job.page as PageFacts,
    taxonomy: settings.taxonomy,
    model: settings.model,
    current: job.draft as ToolDraft,
  });
  if (drafted) {
    await db
      .update(aiDraftJobs)
      .set({
        draft: sql`jsonb_set(${aiDraftJobs.draft}, ${`{${field}}`}::text[], ${JSON.stringify(drafted)}::jsonb)`,
        updatedAt: sql`now()`,
      })
      .where(eq(aiDraftJobs.id, id));
  }
  return { field, drafted: drafted as RedraftedField["drafted"] };
}
