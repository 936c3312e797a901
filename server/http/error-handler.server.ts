import type express from "express";
import type { ApiErrorBody } from "~/lib/api/contract";
import { AppError } from "../core/errors.server";
import type { Logger } from "../core/logger.server";
import { escapeHtml } from "../core/escape-html.server";

/**
 * The one place every request's error ends, whatever produced it: our API, Better Auth,
 * React Router, a static file or a stream that failed after its headers went out. A client's
 * mistake answers 4xx; anything else is logged with its stack and answers 500 without details.
 * A bug (an error answered 500) is also handed to `recordUnexpected`, the error reports of issue
 * 19, which must neither throw nor wait.
 */
export function handleErrors(
  logger: Logger,
  recordUnexpected?: (error: unknown, path: string) => void,
): express.ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const known = knownErrorOf(error);
    // A refusal the client caused is routine; a failure on our side (a bug, or an AppError such as
    // UNAVAILABLE with its cause attached) is logged with its stack.
    if (!known || known.status >= 500) {
      logger.error({ err: error, method: req.method, url: req.originalUrl }, "request failed");
    }
    if (!known) recordUnexpected?.(error, req.originalUrl);
    if (res.headersSent) {
      // Part of the answer is out: the only honest end is to cut it short.
      res.destroy();
      return;
    }
    const status = known?.status ?? 500;
    // The unread rest of a refused body is not worth reading to keep the connection.
    if (status === 413) res.setHeader("Connection", "close");
    if (req.originalUrl.startsWith("/api/") || req.originalUrl === "/healthz") {
      res.status(status).json(
        known?.body ?? {
          error: { code: "INTERNAL", message: "Something went wrong on our side." },
        },
      );
      return;
    }
    res.status(status).type("html").send(errorPage(status, known?.body.error.message));
  };
}

interface KnownError {
  status: number;
  body: ApiErrorBody;
}

/** The answer an error names: an AppError's own, or a client's mistake; null for a bug. */
function knownErrorOf(error: unknown): KnownError | null {
  if (error instanceof AppError) return { status: error.status, body: error.toJSON() };
  // Express and its static server report a client's mistake (bad encoding, a Range past the
  // end) as an error with a 4xx status. Bodies are read by our own reader, which throws AppErrors.
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== "number" || status < 400 || status >= 500) return null;
  return { status, body: { error: { code: "INVALID", message: "The request is not valid." } } };
}

/** A plain page for requests that fail before or outside React's own error pages. */
function errorPage(status: number, reason?: string): string {
  const title =
    status === 413
      ? "That request is too large"
      : status < 500
        ? "That address is not valid"
        : "Something went wrong";
  const detail = reason ? `<p>${escapeHtml(reason)}</p>` : "";
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${title} | Business AI Tools Directory</title></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;text-align:center">` +
    `<h1>${title}</h1>${detail}<p>Check the address, or start again from the home page.</p>` +
    `<p><a href="/">Go to the home page</a> · <a href="/ai-tools">Browse AI tools</a></p></body></html>`
  );
}
