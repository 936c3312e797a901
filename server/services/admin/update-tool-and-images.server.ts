import type { ToolInput } from "~/lib/tool-input";
import type { Actor } from "./record-admin-action.server";
import { removeImagesAfterWrite, type ImageCleanupDeps } from "./remove-images-after-write.server";
import { updateTool, type SavedTool } from "./save-tool.server";

/** The admin's edit of a tool, then the images the edit replaced, unless another tool uses them. */
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
