import { eq, sql } from "drizzle-orm";
import type { ToolInput } from "~/lib/tool-input";
import type { Database } from "../../db/client.server";
import { aiDraftJobs, tools } from "../../db/schema";
import { AppError } from "../../errors.server";
import type { Actor } from "../admin/record-admin-action.server";
import { insertTool, type SavedTool } from "../admin/save-tool.server";

/**
 * POST /api/admin/ai-drafts/:id/save: the reviewed draft (as the editor sends any new tool)
 * becomes a tool with source "ai", and the job records it, in one transaction: a draft is saved
 * once, a second save answers 409 naming the tool.
 */
export async function saveDraftAsTool(
  db: Database,
  actor: Actor,
  id: number,
  input: ToolInput,
): Promise<SavedTool> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ state: aiDraftJobs.state, savedToolId: aiDraftJobs.savedToolId })
      .from(aiDraftJobs)
      .where(eq(aiDraftJobs.id, id))
      .for("update");
    if (!job) throw new AppError("NOT_FOUND", "No draft job has that id.");
    if (job.savedToolId) {
      const [saved] = await tx
        .select({ name: tools.name })
        .from(tools)
        .where(eq(tools.id, job.savedToolId));
      throw new AppError(
        "CONFLICT",
        `This draft was already saved as "${saved?.name ?? job.savedToolId}". Edit that tool instead.`,
      );
    }
    if (job.state !== "ready" && job.state !== "failed") {
      throw new AppError(
        "CONFLICT",
        "This job is still drafting or was cancelled: nothing to save.",
      );
    }
    const saved = await insertTool(tx, actor, input, "ai");
    await tx
      .update(aiDraftJobs)
      .set({ savedToolId: saved.id, updatedAt: sql`now()` })
      .where(eq(aiDraftJobs.id, id));
    return saved;
  });
}
