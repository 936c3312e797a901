// Image paths resolve to a resized WebP sibling.

export const IMAGE_SIZES = {
  small: { width: 300, height: 300 },
  medium: { width: 600, height: 450 },
  large: { width: 1200, height: 900 },
} as const;

export type ImageSize = keyof typeof IMAGE_SIZES;

const EXTENSION = /\.(jpe?g|png|webp)$/i;
const SIZE_SUFFIX = /_(\d+x\d+)$/;

function sizeOf(name: string): ImageSize {
  return name in IMAGE_SIZES ? (name as ImageSize) : "medium";
}

export function sizeSuffix(size: ImageSize): string {
  const { width, height } = IMAGE_SIZES[size];
  return `_${width}x${height}`;
}

/** The storage path of one size of an image: `tools/a.png` -> `tools/a_600x450.webp`. */
export function resolveImagePath(path: string | null | undefined, size: string = "medium"): string {
  if (!path) return "";
  if (path.startsWith("http")) return path;
  const stem = path.replace(EXTENSION, "").replace(SIZE_SUFFIX, "");
  return `${stem}${sizeSuffix(sizeOf(size))}.webp`;
}

/**
 * Candidate URLs for an image, best first: the .webp sibling, then the original path as stored
 * ("a .webp sibling is tried first and the original is the fallback").
 */
export function imageUrlCandidates(
  path: string | null | undefined,
  size: string = "medium",
): string[] {
  if (!path) return [];
  if (path.startsWith("http")) return [path];
  const resized = resolveImagePath(path, size);
  const candidates = [mediaUrl(resized)];
  if (resized !== path) candidates.push(mediaUrl(path));
  return candidates;
}

export function mediaUrl(storagePath: string): string {
  return `/media/${storagePath.replace(/^\/+/, "")}`;
}
