import type { CommentFileFormat } from "~/lib/comment-import";
import type { ExportRecord, ReadLimits } from "./export-records.server";
import { readCommentJson } from "./read-comment-json.server";
import { readDisqusExport } from "./read-disqus-export.server";

export interface ExportRecords {
  /** The file's records from its start; each call reads the file again. */
  read: () => AsyncGenerator<ExportRecord>;
  /** How much of the file as stored the latest read has gone through. */
  bytesRead: () => number;
  /** The source a JSON file names, once it has been read. */
  jsonSource: () => string | null;
}

/**
 * A Disqus export is streamed on every read; a JSON file is parsed once and its records are
 * kept, so later reads do not parse it again.
 */
export function openExportRecords(
  file: {
    format: CommentFileFormat;
    open: (onStoredBytes?: (bytes: number) => void) => AsyncIterable<Buffer>;
  },
  limits: ReadLimits,
): ExportRecords {
  let bytesRead = 0;
  let jsonRecords: ExportRecord[] | null = null;
  let jsonSource: string | null = null;
  const onStoredBytes = (bytes: number) => (bytesRead = bytes);
  async function* read(): AsyncGenerator<ExportRecord> {
    if (file.format === "disqus") {
      yield* readDisqusExport(file.open(onStoredBytes), limits);
      return;
    }
    if (!jsonRecords) {
      const json = await readCommentJson(file.open(onStoredBytes), limits);
      jsonRecords = json.records;
      jsonSource = json.source;
    }
    yield* jsonRecords;
  }
  return { read, bytesRead: () => bytesRead, jsonSource: () => jsonSource };
}
