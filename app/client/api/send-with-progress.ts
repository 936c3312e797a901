import type { ApiErrorBody } from "~/lib/api/contract";
import { ApiError, apiErrorFrom, apiErrorOf, readAnswer } from "./request";

/** Where a streamed upload is: still sending, or the server's own phase and count. */
export type UploadUpdate<Phase extends string> =
  | { phase: "uploading"; fraction: number }
  | { phase: Phase; fraction: number; done: number; total: number };

/** One line of a streamed answer: progress, the final report, or a refusal. */
export type StreamLine<Phase extends string, Report> =
  { progress: { phase: Phase; done: number; total: number } } | { report: Report } | ApiErrorBody;

interface StreamedUpload<Phase extends string> {
  /** Path and query, `stream=1` among them. */
  url: string;
  body: Blob;
  contentType: string;
  onUpdate: (update: UploadUpdate<Phase>) => void;
  /** What each failure says: the connection lost, the upload refused, no report at the end. */
  messages: { lost: string; refused: (status: number) => string; unfinished: string };
}

/**
 * POSTs a file and follows the answer (the admin imports' `stream=1`): upload progress from the
 * browser, then the server's progress lines (one JSON object per line) until its report.
 * XMLHttpRequest, because fetch cannot report upload progress; answers and refusals are read as
 * request() reads them.
 */
export function sendWithProgress<Phase extends string, Report>({
  url,
  body,
  contentType,
  onUpdate,
  messages,
}: StreamedUpload<Phase>): Promise<Report> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    let read = 0;
    let report: Report | null = null;
    let failure: ApiError | null = null;

    const readLines = () => {
      const text = request.responseText;
      const end = text.lastIndexOf("\n") + 1;
      for (const line of text.slice(read, end).split("\n")) {
        if (!line.trim()) continue;
        const message = readAnswer<StreamLine<Phase, Report>>(line);
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

    request.open("POST", url);
    request.setRequestHeader("content-type", contentType);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable)
        onUpdate({ phase: "uploading", fraction: event.loaded / event.total });
    };
    request.onprogress = () => {
      if (request.status === 200) readLines();
    };
    request.onerror = () => reject(new ApiError(0, "NETWORK", messages.lost));
    request.onload = () => {
      if (request.status !== 200) {
        reject(apiErrorOf(request.status, request.responseText, messages.refused(request.status)));
        return;
      }
      readLines();
      if (report) resolve(report);
      else reject(failure ?? new ApiError(request.status, "INTERNAL", messages.unfinished));
    };
    request.send(body);
  });
}
