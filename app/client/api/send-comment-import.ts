import type { CommentImportPhase, CommentImportReport } from "~/lib/comment-import";
import { sendWithProgress, type UploadUpdate } from "./send-with-progress";

export type CommentImportUpdate = UploadUpdate<CommentImportPhase>;

export interface CommentImportRequest {
  file: File;
  mapping: File | null;
  source: string;
  dryRun: boolean;
  replace: boolean;
  onUpdate: (update: CommentImportUpdate) => void;
}

/**
 * POST /api/admin/comment-import?stream=1: the mapping file (if any) and the export in one body
 * (a Blob of the two files sends them without reading either into memory), followed from the
 * upload to the report.
 */
export function sendCommentImport({
  file,
  mapping,
  source,
  dryRun,
  replace,
  onUpdate,
}: CommentImportRequest): Promise<CommentImportReport> {
  const query = new URLSearchParams({
    name: file.name.slice(0, 200),
    dryRun: dryRun ? "1" : "0",
    replace: replace ? "1" : "0",
    stream: "1",
    mappingBytes: String(mapping?.size ?? 0),
  });
  if (source.trim()) query.set("source", source.trim());
  if (mapping) query.set("mappingName", mapping.name.slice(0, 200));
  return sendWithProgress<CommentImportPhase, CommentImportReport>({
    url: `/api/admin/comment-import?${query.toString()}`,
    body: new Blob(mapping ? [mapping, file] : [file]),
    contentType: "application/octet-stream",
    onUpdate,
    messages: {
      lost: "The connection was lost. See the history below for how far the import got.",
      refused: (status) => `The comment import was refused (${status}).`,
      unfinished: "The import stopped before its report. See the history below for how far it got.",
    },
  });
}
