import { deleteTools } from "./change-tools.server";
import type { Actor } from "./record-admin-action.server";
import { removeImagesAfterWrite, type ImageCleanupDeps } from "./remove-images-after-write.server";

/** Bulk delete, then the images only the deleted tools used. Returns how many tools went. */
export async function deleteToolsAndImages(
  deps: ImageCleanupDeps,
  actor: Actor,
  ids: readonly string[],
): Promise<number> {
  const { deleted, images } = await deleteTools(deps.db, actor, ids);
  await removeImagesAfterWrite(deps, images);
  return deleted;
}
