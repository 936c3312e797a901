import type { ImportProgress, ImportReport } from "~/lib/catalogue-import";
import { sendWithProgress, type UploadUpdate } from "./send-with-progress";

export type ImportUpdate = UploadUpdate<ImportProgress["phase"]>;

interface ImportRequest {
  file: File;
  format: "csv" | "json";
  dryRun: boolean;
  onUpdate: (update: ImportUpdate) => void;
}

/** POST /api/admin/import?stream=1, followed from the upload to the report. */
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
  return sendWithProgress<ImportProgress["phase"], ImportReport>({
    url: `/api/admin/import?${query.toString()}`,
    body: file,
    contentType: format === "csv" ? "text/csv" : "application/json",
    onUpdate,
    messages: {
      lost: "The connection was lost. See the import history below for whether it ran.",
      refused: (status) => `The import was refused (${status}).`,
      unfinished: "The import stopped before its report. Nothing was imported.",
    },
  });
}
