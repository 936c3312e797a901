import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createGunzip } from "node:zlib";
import { commentFileFormatOf } from "~/lib/comment-import";
import { AppError } from "../../errors.server";
import type { CommentFile } from "./import-comments.server";

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
      return stored.pipe(gunzip).on("error", () => stored.destroy());
    },
  };
}
