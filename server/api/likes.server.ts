import express from "express";
import { isToolId } from "~/lib/tool";
import type { Application } from "../boot.server";
import { AppError } from "../errors.server";
import { addressKeyOf } from "../rate-limit/client-key.server";
import type { RateRule } from "../rate-limit/consume-rate-limit.server";
import { enforceRateLimit } from "./rate-limit.server";
import { requireSignedIn } from "./signed-in.server";

/** DESIGN.md 8: per person for likes, per client address (an IPv6 client by its /64) for views. */
export const LIKE_RATE: RateRule = { window: 60, max: 60 };
export const VIEW_RATE: RateRule = { window: 60, max: 120 };

/** spec 7 likeTool, unlikeTool and incrementViews. */
export function toolActionRoutes(app: Application): express.Router {
  const router = express.Router();

  const setLike =
    (isLiked: boolean): express.RequestHandler =>
    async (req, res) => {
      const { viewer } = await requireSignedIn(app, req);
      const toolId = String(req.params.id);
      if (!viewer.emailVerified) {
        throw new AppError("FORBIDDEN", "Verify your email address to like tools.");
      }
      await enforceRateLimit(app, res, `likes:${viewer.id}`, LIKE_RATE);
      const state = isToolId(toolId)
        ? await app.services.setToolLike({ userId: viewer.id, toolId, isLiked })
        : null;
      if (!state) throw new AppError("NOT_FOUND", "No tool has that id.");
      res.json(state);
    };
  router.post("/:id/like", setLike(true));
  router.delete("/:id/like", setLike(false));

  router.post("/:id/views", async (req, res) => {
    await enforceRateLimit(app, res, `views:${addressKeyOf(req.ip ?? "")}`, VIEW_RATE);
    const toolId = String(req.params.id);
    if (!isToolId(toolId) || !app.services.recordView(toolId)) {
      throw new AppError("NOT_FOUND", "No tool has that id.");
    }
    res.status(204).end();
  });
  return router;
}
