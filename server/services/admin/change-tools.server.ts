import { inArray, sql } from "drizzle-orm";
import type { ToolStatus } from "~/lib/constants";
import type { Database } from "#server/db/client.server";
import { lockInOrder } from "#server/db/lock-tool-rows.server";
import { tools } from "#server/db/schema";
import { catalogueChange, notifyLive } from "#server/live/live-events.server";
import { recordAdminAction, type Actor } from "./record-admin-action.server";

/**
 * Bulk status change: one transaction that changes the tools, records who did it, and
 * tells every server to rebuild its snapshot (public pages, counts, statistics and search follow).
 * Returns how many tools changed.
 */
export async function setToolsStatus(
  db: Database,
  actor: Actor,
  ids: readonly string[],
  status: ToolStatus,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockInOrder(tx, ids);
    const changed = await tx
      .update(tools)
      .set({ status, updatedAt: sql`now()` })
      .where(inArray(tools.id, [...ids]))
      .returning({ id: tools.id });
    if (changed.length === 0) return 0;
    const toolIds = changed.map((row) => row.id);
    await recordAdminAction(tx, actor, "set-status", { toolIds, status });
    await notifyLive(tx, catalogueChange(toolIds));
    return changed.length;
  });
}

/**
 * Bulk delete: the tools and their likes go, in one audited transaction. Returns how many
 * went and the images they used (the caller removes the files no other tool uses).
 */
export async function deleteTools(
  db: Database,
  actor: Actor,
  ids: readonly string[],
): Promise<{ deleted: number; images: string[] }> {
  return db.transaction(async (tx) => {
    await lockInOrder(tx, ids);
    const deleted = await tx
      .delete(tools)
      .where(inArray(tools.id, [...ids]))
      .returning({
        id: tools.id,
        name: tools.name,
        image: tools.image,
        mainImage: tools.mainImage,
      });
    if (deleted.length === 0) return { deleted: 0, images: [] };
    const toolIds = deleted.map((row) => row.id);
    await recordAdminAction(tx, actor, "delete", {
      toolIds,
      names: deleted.map((row) => row.name),
    });
    await notifyLive(tx, catalogueChange(toolIds));
    const images = deleted.flatMap((row) => [row.image, row.mainImage]);
    return { deleted: deleted.length, images: images.filter((image) => image !== null) };
  });
}
