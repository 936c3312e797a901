import type { ImportProgress, ImportReport } from "../catalogue-import";
import type { ImportStreamLine } from "./contract";
import { ApiError, apiErrorFrom, apiErrorOf, readAnswer } from "./request";

export type ImportUpdate =
  | { phase: "uploading"; fraction: number }
  | { phase: ImportProgress["phase"]; fraction: number; done: number; total: number };

interface ImportRequest {
  file: File;
  format: "csv" | "json";
  dryRun: boolean;
  onUpdate: (update: ImportUpdate) => void;
}

/**
 * POST /api/admin/import?stream=1, followed: upload progress from the browser, then the server's
 * progress lines (one JSON object per line) until its report. XMLHttpRequest, because fetch
 * cannot report upload progress; answers and refusals are read as request() reads them.
 */
export function sendImport({
  file,
  format,
  dryRun,
  onUpdate,
}: ImportRequest): Promise<ImportReport> {
  const query = new URLSearchParams({
    format,
    name: file.name.slice(0, 200),
    dryRun: dryRun ? "1" : "0",
    stream: "1",
  });
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    let read = 0;
    let report: ImportReport | null = null;
    let failure: ApiError | null = null;

    const readLines = () => {
      const text = request.responseText;
      const end = text.lastIndexOf("\n") + 1;
      for (const line of text.slice(read, end).split("\n")) {
        if (!line.trim()) continue;
        const message = readAnswer<ImportStreamLine>(line);
        if ("progress" in message) {
          const { phase, done, total } = message.progress;
          onUpdate({ phase, done, total, fraction: total === 0 ? 1 : done / total });
        } else if ("report" in message) {
          report = message.report;
        } else {
          failure = apiErrorFrom(request.status, message);
        }
      }
      read = end;
    };

    request.open("POST", `/api/admin/import?${query.toString()}`);
    request.setRequestHeader("content-type", format === "csv" ? "text/csv" : "application/json");
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
          "The connection was lost. See the import history below for whether it ran.",
        ),
      );
    request.onload = () => {
      if (request.status !== 200) {
        reject(
          apiErrorOf(
            request.status,
            request.responseText,
            `The import was refused (${request.status}).`,
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
              "The import stopped before its report. Nothing was imported.",
            ),
        );
    };
    request.send(file);
  });
}
