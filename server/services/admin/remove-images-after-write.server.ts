import type { Database } from "#server/db/client.server";
import type { Logger } from "#server/core/logger.server";
import { removeUnusedImages } from "#server/media/tool-images.server";

export interface ImageCleanupDeps {
  db: Database;
  /** Where uploaded images live. */
  mediaDir: string;
  logger: Logger;
}

/**
 * Admin writes that can leave images no tool uses: once the write has committed, those files are
 * removed. Removing them may fail (the periodic sweep takes them later) without failing the write.
 */
export async function removeImagesAfterWrite(
  { db, mediaDir, logger }: ImageCleanupDeps,
  images: readonly string[],
): Promise<void> {
  await removeUnusedImages(db, mediaDir, images).catch((error: unknown) => {
    logger.error({ err: error, images }, "removing unused images failed");
  });
}
