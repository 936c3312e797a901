import { eq } from "drizzle-orm";
import type { ToolDraft } from "~/lib/ai-draft";
import type { Database } from "#server/db/client.server";
import { aiDraftJobs } from "#server/db/schema";
import { AppError } from "#server/core/errors.server";
import { removeUnusedImages } from "#server/media/tool-images.server";

/**
 * DELETE /api/admin/ai-drafts/:id: the job goes, and with it its drafted main image unless a
 * tool uses it (the one saved from the draft does). A running job's work stops: its runner finds
 * the row gone.
 */
export async function deleteDraftJob(db: Database, mediaDir: string, id: number): Promise<void> {
  const [row] = await db
    .delete(aiDraftJobs)
    .where(eq(aiDraftJobs.id, id))
    .returning({ draft: aiDraftJobs.draft });
  if (!row) throw new AppError("NOT_FOUND", "No draft job has that id.");
  const image = (row.draft as ToolDraft).mainImage?.value;
  if (image) await removeUnusedImages(db, mediaDir, [image], 0);
}
