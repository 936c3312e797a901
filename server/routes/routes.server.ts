import express from "express";
import type { Application } from "../boot.server";
import { AppError } from "../core/errors.server";
import type { Logger } from "../core/logger.server";
import { accountRoutes } from "./account.server";
import { adminRoutes } from "./admin.server";
import { commentRoutes } from "./comments.server";
import { eventRoutes } from "./events.server";
import { liveStream } from "./live-stream.server";
import { newsletterRoutes } from "./newsletter.server";
import { toolRoutes } from "./tools.server";

/** /api (docs/api.md): one router per resource; anything else is a 404 in the API's shape. */
export function apiRoutes(app: Application, logger: Logger): express.Router {
  const router = express.Router();
  router.use("/tools", toolRoutes(app));
  router.use("/comments", commentRoutes(app));
  router.get("/live", liveStream(app));
  router.use("/account", accountRoutes(app));
  router.use("/events", eventRoutes(app));
  router.use("/newsletter", newsletterRoutes(app));
  router.use("/admin", adminRoutes(app, logger));
  router.use(() => {
    throw new AppError("NOT_FOUND", "No such endpoint.");
  });
  return router;
}
