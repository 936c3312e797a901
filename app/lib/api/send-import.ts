import type { ImportProgress, ImportReport } from "~/lib/catalogue-import";

export type ImportUpdate =
  | { phase: "uploading"; fraction: number }
  | { phase: ImportProgress["phase"]; fraction: number; done: number; total: number };

type StreamLine =
  { progress: ImportProgress } | { report: ImportReport } | { error: { message: string } };

/**
 * Sends a file to POST /api/admin/import and follows it: upload progress from the browser, then
 * the server's progress lines (one JSON object per line) until its report. XMLHttpRequest,
 * because fetch cannot report upload progress.
 */
export function sendImport(
  file: File,
  format: "csv" | "json",
  dryRun: boolean,
  onUpdate: (update: ImportUpdate) => void,
): Promise<ImportReport> {
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
    let failure: string | null = null;

    const readLines = () => {
      const text = request.responseText;
      const end = text.lastIndexOf("\n") + 1;
      for (const line of text.slice(read, end).split("\n")) {
        if (!line.trim()) continue;
        const message = JSON.parse(line) as StreamLine;
        if ("progress" in message) {
          const { phase, done, total } = message.progress;
          onUpdate({ phase, done, total, fraction: total === 0 ? 1 : done / total });
        } else if ("report" in message) {
          report = message.report;
        } else {
          failure = message.error.message;
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
        new Error("The connection was lost. See the import history below for whether it ran."),
      );
    request.onload = () => {
      if (request.status !== 200) {
        const body = (() => {
          try {
            return JSON.parse(request.responseText) as { error?: { message?: string } };
          } catch {
            return null;
          }
        })();
        reject(new Error(body?.error?.message ?? `The import was refused (${request.status}).`));
        return;
      }
      readLines();
      if (report) resolve(report);
      else
        reject(new Error(failure ?? "The import stopped before its report. Nothing was imported."));
    };
    request.send(file);
  });
}
