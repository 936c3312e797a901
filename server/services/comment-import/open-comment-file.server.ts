import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createGunzip } from "node:zlib";
import { commentFileFormatOf } from "~/lib/comment-import";
import { AppError } from "#server/core/errors.server";
import { CommentFileError } from "./export-records.server";
import type { CommentFile } from "./import-comments.server";

/** The gunzipped bytes; zlib's own failure becomes a refusal of the file with its reason. */
async function* refuseBrokenGzip(gunzipped: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* gunzipped;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const detail = error instanceof Error ? ` (${error.message})` : "";
    throw new CommentFileError(null, `The file is not a valid or complete gzip file${detail}.`);
  }
}

/**
 * An export on disk as the import reads it: a stream from its start each time, gunzipped when
 * the name ends in .gz. The decompressed bytes are capped by the reader, so a gzip bomb stops at
 * the cap, never in memory.
 */
export async function openCommentFile(path: string, name: string): Promise<CommentFile> {
  const kind = commentFileFormatOf(name);
  if (!kind) {
    throw new AppError("INVALID", `"${name}" is not an .xml, .xml.gz or .json file.`);
  }
  const { size } = await stat(path);
  return {
    name,
    format: kind.format,
    size,
    open(onStoredBytes) {
      const stored = createReadStream(path, { highWaterMark: 256 * 1024 });
      if (onStoredBytes) stored.on("data", () => onStoredBytes(stored.bytesRead));
      if (!kind.isGzip) return stored;
      const gunzip = createGunzip();
      stored.on("error", (error) => gunzip.destroy(error));
      gunzip.on("error", () => stored.destroy());
      // A damaged or cut-off .gz is the file's fault: refused like malformed XML, not a 500.
      return refuseBrokenGzip(stored.pipe(gunzip));
    },
  };
}
