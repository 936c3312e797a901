import { eq, sql } from "drizzle-orm";
import { normaliseAddress } from "~/lib/ai-draft";
import type { ToolInput } from "~/lib/tool-input";
import type { Database, Transaction } from "#server/db/client.server";
import { aiDraftJobs, tools } from "#server/db/schema";
import { AppError } from "#server/core/errors.server";
import type { Actor } from "../admin/record-admin-action.server";
import { insertTool, type SavedTool } from "../admin/save-tool.server";
import { findDuplicateTool } from "./find-duplicate-tool.server";

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
      .select({
        state: aiDraftJobs.state,
        savedToolId: aiDraftJobs.savedToolId,
        ignoreDuplicate: aiDraftJobs.ignoreDuplicate,
      })
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
    if (!job.ignoreDuplicate) await assertNoToolWithSite(tx, input.websiteUrl);
    const saved = await insertTool(tx, actor, input, "ai");
    await tx
      .update(aiDraftJobs)
      .set({ savedToolId: saved.id, updatedAt: sql`now()` })
      .where(eq(aiDraftJobs.id, id));
    return saved;
  });
}

/**
 * The site may have been added since the job's check (another draft of it, a manual add): a save
 * never adds it twice unless the admin chose "Draft anyway" for this job.
 */
async function assertNoToolWithSite(tx: Transaction, websiteUrl: string | null): Promise<void> {
  const address = websiteUrl ? normaliseAddress(websiteUrl) : null;
  if (!address?.ok) return;
  // The lock every tool insert takes: two drafts of one site saved at once cannot both pass.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tools.slug'))`);
  const duplicate = await findDuplicateTool(tx, address.siteKey);
  if (duplicate) {
    throw new AppError(
      "CONFLICT",
      `A tool with this website is already in the catalogue: "${duplicate.name}". Edit that tool instead, or change the website.`,
    );
  }
}
