import { AI_DRAFT_LIMITS, type DraftedField, type DraftSource } from "~/lib/ai-draft";
import { storeToolImage } from "#server/media/tool-images.server";
import { DraftFailure } from "./draft-types.server";
import { fetchForDraft } from "./fetch-for-draft.server";

/**
 * The page's main image, fetched through the guarded fetcher and stored like an
 * upload (sniffed, re-encoded to WebP in every size). The caller picks the address (og:image,
 * twitter:image or JSON-LD image) and says where it came from. A draft without its image is still
 * a draft, so anything wrong with the image gives null; only a cancelled job throws.
 */
export async function fetchMainImage(
  imageUrl: string,
  options: { allowPrivate: boolean; mediaDir: string; signal?: AbortSignal; source?: DraftSource },
): Promise<DraftedField<string> | null> {
  try {
    const image = await fetchForDraft(imageUrl, {
      allowPrivate: options.allowPrivate,
      accept: "image",
      timeoutMs: AI_DRAFT_LIMITS.imageTimeoutMs,
      maxBytes: AI_DRAFT_LIMITS.imageBytes,
      signal: options.signal,
    });
    const storedPath = await storeToolImage(options.mediaDir, image.body);
    return { value: storedPath, source: options.source ?? "meta", evidence: image.url };
  } catch (error) {
    if (error instanceof DraftFailure && error.code === "cancelled") throw error;
    if (options.signal?.aborted) throw new DraftFailure("cancelled");
    return null;
  }
}
