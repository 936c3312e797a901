import type express from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { AppError } from "../errors.server";
import { BODY_LIMITS, mayHaveBody, readRequestBody } from "./request-body.server";
import { sendWebResponse, toWebRequest } from "./web-request.server";

/** A form body an action's formData() could not read is the client's mistake: 400, not 500. */
async function refuseUnreadableForm(body: Buffer, contentType: string): Promise<void> {
  try {
    await new Response(new Uint8Array(body), {
      headers: { "Content-Type": contentType },
    }).formData();
  } catch {
    throw new AppError("INVALID", "The form could not be read.");
  }
}

interface PageHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  appOrigin: string;
  loadContextOf: (req: express.Request, res: express.Response) => AppLoadContext;
}

/**
 * Every page, loader and action: React Router, with the request URL from APP_URL and a form body
 * read within its cap before the action sees it. A render that fails midway reaches the one error
 * handler.
 */
export function pageHandler({
  build,
  mode,
  appOrigin,
  loadContextOf,
}: PageHandlerOptions): express.RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res) => {
    const hasBody = mayHaveBody(req.method);
    // Our pages' forms post urlencoded or multipart; anything else would fail in an action's
    // formData() as a 500.
    if (hasBody && !req.is(["application/x-www-form-urlencoded", "multipart/form-data"])) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Pages take form posts only.");
    }
    const body = hasBody ? await readRequestBody(req, BODY_LIMITS.standard) : undefined;
    if (body) await refuseUnreadableForm(body, req.get("content-type") ?? "");
    const response = await handle(toWebRequest(req, res, appOrigin, body), loadContextOf(req, res));
    await sendWebResponse(res, response);
  };
}
