import type { CommentImportPhase, CommentImportReport } from "../comment-import";
import type { CommentImportStreamLine } from "./contract";
import { ApiError, apiErrorFrom, apiErrorOf, readAnswer } from "./request";

export type CommentImportUpdate =
  | { phase: "uploading"; fraction: number }
  | { phase: CommentImportPhase; fraction: number; done: number; total: number };

export interface CommentImportRequest {
  file: File;
  mapping: File | null;
  source: string;
  dryRun: boolean;
  replace: boolean;
  onUpdate: (update: CommentImportUpdate) => void;
}

/**
 * POST /api/admin/comment-import?stream=1, followed: the mapping file (if any) and the export in
 * one body, upload progress from the browser, then the server's progress lines until its report.
 * XMLHttpRequest, because fetch cannot report upload progress; a Blob of the two files sends them
 * without reading either into memory.
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
  const body = new Blob(mapping ? [mapping, file] : [file]);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    let read = 0;
    let report: CommentImportReport | null = null;
    let failure: ApiError | null = null;

    const readLines = () => {
      const text = request.responseText;
      const end = text.lastIndexOf("\n") + 1;
      for (const line of text.slice(read, end).split("\n")) {
        if (!line.trim()) continue;
        const message = readAnswer<CommentImportStreamLine>(line);
        if ("progress" in message) {
          const { phase, done, total } = message.progress;
          onUpdate({ phase, done, total, fraction: total === 0 ? 1 : Math.min(1, done / total) });
        } else if ("report" in message) {
          report = message.report;
        } else {
          failure = apiErrorFrom(request.status, message);
        }
      }
      read = end;
    };

    request.open("POST", `/api/admin/comment-import?${query.toString()}`);
    request.setRequestHeader("content-type", "application/octet-stream");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable)
        onUpdate({ phase: "uploading", fraction: event.loaded / event.total });
    };
    request.onprogress = () => {
      if (request.status === 200) readLines();
    };
    request.onerror = () =>
      reject(
        new ApiError(
          0,
          "NETWORK",
          "The connection was lost. See the history below for how far the import got.",
        ),
      );
    request.onload = () => {
      if (request.status !== 200) {
        reject(
          apiErrorOf(
            request.status,
            request.responseText,
            `The comment import was refused (${request.status}).`,
          ),
        );
        return;
      }
      readLines();
      if (report) resolve(report);
      else
        reject(
          failure ??
            new ApiError(
              request.status,
              "INTERNAL",
              "The import stopped before its report. See the history below for how far it got.",
            ),
        );
    };
    request.send(body);
  });
}
