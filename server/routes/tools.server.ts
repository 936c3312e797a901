import express from "express";
import type { ToolDetailAnswer, ToolResults } from "~/lib/api/contract";
import { isToolId } from "~/lib/tool";
import { toolQuerySchema } from "~/lib/tool-query";
import { queryFromSearchParams } from "~/lib/tool-query-params";
import type { Application } from "../boot.server";
import { AppError } from "../core/errors.server";
import { addressKeyOf } from "../rate-limit/client-key.server";
import type { RateRule } from "../rate-limit/consume-rate-limit.server";
import { toolCommentRoutes } from "./comments.server";
import { inputOf, searchParamsOf, sendJson } from "./guards.server";
import { likeRoutes } from "./likes.server";
import { enforceRateLimit } from "../http/enforce-rate-limit.server";

/** DESIGN.md 8: views are limited per client address (an IPv6 client by its /64). */
export const VIEW_RATE: RateRule = { window: 60, max: 120 };

/**
 * /api/tools: the public catalogue (getTools, getToolById, incrementViews), likes and
 * comments.
 */
export function toolRoutes(app: Application): express.Router {
  const router = express.Router();
  router.get("/", (req, res) => {
    const query = inputOf(
      toolQuerySchema,
      queryFromSearchParams(searchParamsOf(req)),
      "The tool query is not valid.",
    );
    sendJson<ToolResults>(res, app.services.findTools(query));
  });
  router.get("/:id", async (req, res) => {
    const tool = isToolId(req.params.id) ? await app.services.getToolDetail(req.params.id) : null;
    if (!tool) throw new AppError("NOT_FOUND", "No tool has that id.");
    sendJson<ToolDetailAnswer>(res, { tool });
  });
  router.post("/:id/views", async (req, res) => {
    await enforceRateLimit(app, res, `views:${addressKeyOf(req.ip ?? "")}`, VIEW_RATE);
    const toolId = req.params.id;
    // An id of no online tool, whatever its characters, is not in the snapshot: 404.
    // Counted once per client (as the rate limit counts it) and tool in 30 minutes; a repeat
    // still answers 204, so a page cannot tell.
    if (!app.services.recordView(toolId, addressKeyOf(req.ip ?? ""))) {
      throw new AppError("NOT_FOUND", "No tool has that id.");
    }
    res.status(204).end();
  });
  router.use(likeRoutes(app));
  router.use(toolCommentRoutes(app));
  return router;
}
