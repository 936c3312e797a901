import type express from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { AppError } from "../core/errors.server";
import type { RenderBudget } from "../render-cache/render-budget.server";
import { renderCostOf } from "../render-cache/render-cost.server";
import { BODY_LIMITS, mayHaveBody, readRequestBody } from "./request-body.server";
import { answerBudgetRefusal, renderDemandOf } from "./render-refusal.server";
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
  /** Shared with the render cache: every page read renders within it (decision 023). */
  budget: RenderBudget;
}

/**
 * Every page, loader and action: React Router, with the request URL from APP_URL and a form body
 * read within its cap before the action sees it. A read (GET, HEAD: a page or its `.data`, signed
 * in or not) renders within the render budget, held until the response is sent since the page
 * streams; a write is not refused, since refusing it would lose what was typed (its routes have
 * rate limits of their own). A render that fails midway reaches the one error handler.
 */
export function pageHandler({
  build,
  mode,
  appOrigin,
  loadContextOf,
  budget,
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
    const request = toWebRequest(req, res, appOrigin, body);
    const render = async () => sendWebResponse(res, await handle(request, loadContextOf(req, res)));
    if (hasBody) {
      await render();
      return;
    }
    const demand = { ...renderDemandOf(req, res), cost: renderCostOf(new URL(request.url)) };
    try {
      await budget.run(demand, render);
    } catch (error) {
      if (!answerBudgetRefusal(error, res)) throw error;
    }
  };
}
