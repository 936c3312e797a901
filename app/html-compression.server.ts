import type { Transform } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";

/**
 * The compressor for a streamed HTML response, or null for none. The page stream is compressed
 * here rather than by the `compression` middleware, whose `once("drain")` listeners pile up on
 * long streamed pages (MaxListenersExceededWarning).
 */
export function htmlCompressor(
  acceptEncoding: string | null,
): { encoding: string; stream: Transform } | null {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) {
    return {
      encoding: "br",
      stream: createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
    };
  }
  if (/\bgzip\b/.test(accepted)) return { encoding: "gzip", stream: createGzip() };
  return null;
}
