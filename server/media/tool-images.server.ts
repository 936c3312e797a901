import { createHash, randomBytes } from "node:crypto";
import { link, mkdir, readdir, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, inArray, isNull, or, sql } from "drizzle-orm";
import sharp from "sharp";
import { IMAGE_SIZES, resolveImagePath, type ImageSize } from "~/lib/image-path";
import type { Database } from "../db/client.server";
import { aiDraftJobs, tools } from "../db/schema";
import { AppError } from "../core/errors.server";

/** DESIGN.md 8: uploads are capped, sniffed by their content, and re-encoded. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);
const UPLOAD_DIR = "uploads";
const SIZES = Object.keys(IMAGE_SIZES) as ImageSize[];
/** A stored upload's path (not one of its sized files). */
const IS_UPLOAD = /^uploads\/[0-9a-f]{24}\.webp$/;
/** One size of an upload; the group is its stem. */
const IS_SIZE = /^(uploads\/[0-9a-f]{24})_\d+x\d+\.webp$/;
const PART = ".part";
/** A file an upload writes before renaming it into place. */
const IS_PART = /^uploads\/[0-9a-f]{24}(_\d+x\d+)?\.webp\.[0-9a-f]{12}\.part$/;

export const NOT_AN_IMAGE = "Upload a JPEG, PNG or WebP image.";

/**
 * Every file of a stored or demo image: the sizes, then the plain path (a link to the
 * large size, so it comes last).
 */
export function filesOf(storagePath: string): string[] {
  return [...SIZES.map((size) => resolveImagePath(storagePath, size)), storagePath];
}

/** How an upload's files reach the disk; tests pass one that fails as a full disk does. */
export type WriteMediaFile = (file: string, data: Buffer) => Promise<void>;

export const IMAGE_NOT_SAVED = "The image could not be saved. Please try again.";

/** The server could not write (a full disk, say): the upload is not the admin's mistake. */
function notSaved(cause: unknown): AppError {
  const error = new AppError("UNAVAILABLE", IMAGE_NOT_SAVED);
  error.cause = cause;
  return error;
}

/**
 * Stores an uploaded image as WebP in the three sizes with their size suffix
 * (`uploads/<hash>_300x300.webp`, ...) and the large one also under the plain path as the
 * fallback original. Named by content, so the same file uploaded twice is stored once and the
 * media's year-long cache is always right. Returns the path a tool stores.
 *
 * Atomic per upload: every file (the sizes, and the plain path as a link to the large one) is
 * first written under this call's own temporary names, and only once all of them are on disk are
 * they renamed into place, the plain path last, so a plain path always has its sizes. A failed
 * upload removes its own temporaries and nothing else: the names in place may be another upload's
 * of the same file (the same bytes, as uploads are named by content), and a size it had already
 * renamed before failing is what that other upload writes too (the sweep takes sizes that never
 * got a plain path). The admin is asked to try again.
 */
export async function storeToolImage(
  mediaDir: string,
  bytes: Buffer,
  writeMediaFile: WriteMediaFile = writeFile,
): Promise<string> {
  if (bytes.length === 0) throw new AppError("INVALID", "The file is empty.");
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw new AppError("INVALID", `Images can be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
  }
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
  const metadata = await input()
    .metadata()
    .catch(() => null);
  if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new AppError("INVALID", NOT_AN_IMAGE);
  }
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 24);
  const storagePath = `${UPLOAD_DIR}/${hash}.webp`;
  const target = (file: string) => path.join(mediaDir, file);
  if (await fileExists(target(storagePath))) {
    // Fresh again: a cleanup leaves recently used uploads alone (removeUnusedImages).
    const now = new Date();
    await utimes(target(storagePath), now, now).catch(() => {});
    return storagePath;
  }

  // One size at a time: a decoded 50-megapixel image is large.
  const sized: { file: string; data: Buffer }[] = [];
  try {
    for (const size of SIZES) {
      const { width, height } = IMAGE_SIZES[size];
      const data = await input()
        .rotate()
        .resize(width, height, { fit: "cover", position: "attention" })
        .webp({ quality: 80 })
        .toBuffer();
      sized.push({ file: resolveImagePath(storagePath, size), data });
    }
  } catch {
    throw new AppError("INVALID", "This image could not be read. Try another file.");
  }

  const suffix = `.${randomBytes(6).toString("hex")}${PART}`;
  const partOf = (file: string) => `${target(file)}${suffix}`;
  const files = [...sized.map(({ file }) => file), storagePath];
  const written: string[] = [];
  try {
    await mkdir(target(UPLOAD_DIR), { recursive: true });
    for (const { file, data } of sized) {
      written.push(partOf(file));
      await writeMediaFile(partOf(file), data);
    }
    written.push(partOf(storagePath));
    await link(partOf(resolveImagePath(storagePath, "large")), partOf(storagePath));
    for (const file of files) await rename(partOf(file), target(file));
  } catch (error) {
    await Promise.all(written.map((part) => rm(part, { force: true })));
    throw notSaved(error);
  }
  return storagePath;
}

export async function fileExists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Whether the file changed within `graceMs`; a missing file counts as changed at `missingAt`. */
async function isRecent(file: string, graceMs: number, missingAt: number): Promise<boolean> {
  const changed = await stat(file).then(
    (info) => info.mtimeMs,
    () => missingAt,
  );
  return Date.now() - changed < graceMs;
}

/** Uploads changed this recently are never removed: an admin may be about to save a form using one. */
export const UPLOAD_GRACE_MS = 60 * 60 * 1000;

/**
 * Removes the files of uploaded images that no tool uses (after an edit replaced them, or their
 * tools were deleted) unless they were uploaded or reused within `graceMs`; the periodic sweep
 * takes those later. Demo images and web addresses are never touched. Returns how many went.
 */
export async function removeUnusedImages(
  db: Database,
  mediaDir: string,
  storagePaths: readonly string[],
  graceMs = UPLOAD_GRACE_MS,
): Promise<number> {
  const uploads = [...new Set(storagePaths)].filter((file) => IS_UPLOAD.test(file));
  if (uploads.length === 0) return 0;
  const used = await db
    .select({ image: tools.image, mainImage: tools.mainImage })
    .from(tools)
    .where(or(inArray(tools.image, uploads), inArray(tools.mainImage, uploads)));
  // An AI draft's main image waits for its review however long that takes.
  const draftImage = sql<string>`${aiDraftJobs.draft} -> 'mainImage' ->> 'value'`;
  const drafted = await db
    .select({ image: draftImage })
    .from(aiDraftJobs)
    .where(and(isNull(aiDraftJobs.savedToolId), inArray(draftImage, uploads)));
  const inUse = new Set([
    ...used.flatMap((row) => [row.image, row.mainImage]),
    ...drafted.map((row) => row.image),
  ]);
  let removed = 0;
  for (const file of uploads.filter((upload) => !inUse.has(upload))) {
    // A file already gone counts as old: its other sizes may still be there.
    if (await isRecent(path.join(mediaDir, file), graceMs, 0)) continue;
    await Promise.all(filesOf(file).map((name) => rm(path.join(mediaDir, name), { force: true })));
    removed++;
  }
  return removed;
}

/**
 * Every upload no tool uses and nobody touched within the grace time: abandoned or replaced.
 * Also what an upload stopped half-way leaves (the process ended mid-write): its temporary
 * files, and sizes whose upload never got its plain path. Returns how many uploads and leftover
 * files went.
 */
export async function sweepUnusedUploads(db: Database, mediaDir: string): Promise<number> {
  const names = await readdir(path.join(mediaDir, UPLOAD_DIR)).catch(() => [] as string[]);
  const uploads = names
    .map((name) => `${UPLOAD_DIR}/${name}`)
    .filter((file) => IS_UPLOAD.test(file));
  const stored = new Set(uploads);
  const leftovers = names
    .map((name) => `${UPLOAD_DIR}/${name}`)
    .filter((file) => {
      if (IS_PART.test(file)) return true;
      const sizeOf = IS_SIZE.exec(file);
      return sizeOf !== null && !stored.has(`${sizeOf[1]}.webp`);
    });
  let removed = 0;
  for (const file of leftovers) {
    // A file gone since the folder was listed is left alone.
    if (await isRecent(path.join(mediaDir, file), UPLOAD_GRACE_MS, Date.now())) continue;
    await rm(path.join(mediaDir, file), { force: true });
    removed++;
  }
  return removed + (await removeUnusedImages(db, mediaDir, uploads));
}
