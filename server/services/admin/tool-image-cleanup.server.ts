import type { Database } from "../../db/client.server";
import type { Logger } from "../../logger.server";
import { removeUnusedImages } from "../../media/tool-images.server";
import type { ToolInput } from "~/lib/tool-input";
import { deleteTools } from "./change-tools.server";
import type { Actor } from "./record-admin-action.server";
import { updateTool, type SavedTool } from "./save-tool.server";

// Admin writes that can leave images no tool uses: once the write has committed, those files are
// removed. Removing them may fail (the periodic sweep takes them later) without failing the write.

export interface ImageCleanupDeps {
  db: Database;
  /** Where uploaded images live. */
  mediaDir: string;
  logger: Logger;
}

async function removeImagesAfterWrite(
  { db, mediaDir, logger }: ImageCleanupDeps,
  images: readonly string[],
): Promise<void> {
  await removeUnusedImages(db, mediaDir, images).catch((error: unknown) => {
    logger.error({ err: error, images }, "removing unused images failed");
  });
}

/** Issue 7 bulk delete, then the images only the deleted tools used. Returns how many went. */
export async function deleteToolsAndImages(
  deps: ImageCleanupDeps,
  actor: Actor,
  ids: readonly string[],
): Promise<number> {
  const { deleted, images } = await deleteTools(deps.db, actor, ids);
  await removeImagesAfterWrite(deps, images);
  return deleted;
}

/** Issue 7 manual edit, then the images the edit replaced, unless another tool uses them. */
export async function updateToolAndImages(
  deps: ImageCleanupDeps,
  actor: Actor,
  id: string,
  input: ToolInput,
  expectedUpdatedAt?: string,
): Promise<SavedTool> {
  const saved = await updateTool(deps.db, actor, id, input, expectedUpdatedAt);
  await removeImagesAfterWrite(deps, saved.replacedImages);
  return saved;
}
