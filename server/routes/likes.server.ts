import express from "express";
import type { LikeState } from "~/lib/api/contract";
import { isToolId } from "~/lib/tool";
import type { Application } from "../boot.server";
import { AppError } from "../core/errors.server";
import type { RateRule } from "../rate-limit/consume-rate-limit.server";
import { sendJson, signedInOnly } from "./guards.server";
import { enforceRateLimit, refuseWhenLimited } from "../http/enforce-rate-limit.server";

/** DESIGN.md 8: likes are limited per person. */
export const LIKE_RATE: RateRule = { window: 60, max: 60 };

/** /api/tools/:id/like: likeTool (POST) and unlikeTool (DELETE), for verified people. */
export function likeRoutes(app: Application): express.Router {
  const router = express.Router();
  const setLike = (isLiked: boolean) =>
    signedInOnly<{ id: string }>(app, async (req, res, viewer) => {
      if (!viewer.emailVerified) {
        throw new AppError("FORBIDDEN", "Verify your email address to like tools.");
      }
      const limit = { key: `likes:${viewer.id}`, rule: LIKE_RATE };
      const toolId = req.params.id;
      if (!isToolId(toolId)) {
        await enforceRateLimit(app, res, limit.key, limit.rule);
        throw new AppError("NOT_FOUND", "No tool has that id.");
      }
      // The rate-limit step and the like in one round trip to the database.
      const { decision, state } = await app.services.setToolLikeWithinLimit(
        { userId: viewer.id, toolId, isLiked },
        limit,
      );
      refuseWhenLimited(res, LIKE_RATE, decision);
      if (!state) throw new AppError("NOT_FOUND", "No tool has that id.");
      sendJson<LikeState>(res, state);
    });
  router.post("/:id/like", setLike(true));
  router.delete("/:id/like", setLike(false));
  return router;
}
