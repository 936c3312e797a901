import type express from "express";
import { addressKeyOf } from "../rate-limit/client-key.server";
import {
  RenderAbandoned,
  RenderRefused,
  type RenderDemand,
} from "../render-cache/render-budget.server";
import { clientGoneSignal } from "./web-request.server";

// Decision 023: how a page request meets the render budget, and the small answer it gets when
// the budget refuses it.

/** Seconds a refused client is asked to wait: a full queue drains in about one. */
export const RENDER_RETRY_AFTER_S = 2;

const REFUSAL_PAGES = {
  busy: {
    status: 503,
    text: "The directory is busy preparing other pages. Please try again in a few seconds.",
  },
  "over-share": {
    status: 429,
    text: "Too many pages are loading for you at once. Please try again in a few seconds.",
  },
} as const;

/** Who asks for a render (as the rate limits count clients), and when they have gone. */
export function renderDemandOf(
  req: express.Request,
  res: express.Response,
): Omit<RenderDemand, "cost"> {
  return { client: addressKeyOf(req.ip ?? ""), signal: clientGoneSignal(res) };
}

/**
 * Answers a refused render with its status, Retry-After and a short page; a render dropped
 * because its client went away needs no answer. Returns false for any other error.
 */
export function answerBudgetRefusal(error: unknown, res: express.Response): boolean {
  if (error instanceof RenderAbandoned) return true;
  if (!(error instanceof RenderRefused)) return false;
  const { status, text } = REFUSAL_PAGES[error.reason];
  if (res.headersSent || res.destroyed) return true;
  res
    .status(status)
    .set({
      "Retry-After": String(RENDER_RETRY_AFTER_S),
      "Cache-Control": "no-store",
      "Content-Type": "text/html; charset=utf-8",
    })
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Please try again</title>` +
        `<h1>Please try again</h1><p>${text}</p></html>`,
    );
  return true;
}
