import express from "express";
import type { AdminMe } from "~/lib/api/contract";
import type { Application } from "../boot.server";
import { AppError } from "../core/errors.server";
import type { Logger } from "../core/logger.server";
import { adminAiDraftRoutes } from "./admin-ai-drafts.server";
import { adminAnalyticsRoutes } from "./admin-analytics.server";
import { adminCommentImportRoutes } from "./admin-comment-import.server";
import { adminImportRoutes } from "./admin-import.server";
import { adminCommentRoutes } from "./comments.server";
import { adminToolEditRoutes } from "./admin-tool-edit.server";
import { adminToolRoutes } from "./admin-tools.server";
import { adminOnly, sendJson } from "./guards.server";
import { adminNewsletterRoutes } from "./newsletter.server";

/**
 * /api/admin: every handler behind adminOnly (401 signed out, 403 without the admin
 * role). A path that matches nothing is refused the same way before it is a 404, so the API does
 * not tell strangers which admin endpoints exist.
 */
export function adminRoutes(app: Application, logger: Logger): express.Router {
  const router = express.Router();
  router.get(
    "/me",
    adminOnly(app, (_req, res, viewer) => {
      sendJson<AdminMe>(res, { email: viewer.email, isAdmin: true });
    }),
  );
  router.use(adminToolRoutes(app));
  router.use(adminToolEditRoutes(app));
  router.use(adminImportRoutes(app, logger));
  router.use(adminCommentImportRoutes(app, logger));
  router.use(adminCommentRoutes(app));
  router.use(adminAiDraftRoutes(app));
  router.use(adminAnalyticsRoutes(app));
  router.use(adminNewsletterRoutes(app));
  router.use(
    adminOnly(app, () => {
      throw new AppError("NOT_FOUND", "No such endpoint.");
    }),
  );
  return router;
}
