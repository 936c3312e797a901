import type { Transform } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";

export type HtmlEncoding = "br" | "gzip";

/** The encoding a page is sent in for this Accept-Encoding: brotli, else gzip, else none. */
export function acceptedEncoding(acceptEncoding: string | null | undefined): HtmlEncoding | null {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return null;
}

/**
 * The compressor for a streamed HTML response, or null for none. The page stream is compressed
 * here rather than by the `compression` middleware, whose `once("drain")` listeners pile up on
 * long streamed pages (MaxListenersExceededWarning).
 */
export function htmlCompressor(
  acceptEncoding: string | null,
): { encoding: HtmlEncoding; stream: Transform } | null {
  switch (acceptedEncoding(acceptEncoding)) {
    case "br":
      return {
        encoding: "br",
        stream: createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
      };
    case "gzip":
      return { encoding: "gzip", stream: createGzip() };
    case null:
      return null;
  }
}
