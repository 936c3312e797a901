import express from "express";
import { adminToolsQuerySchema, bulkDeleteSchema, bulkStatusSchema } from "~/lib/admin-tools-query";
import type { AdminToolsAnswer, ToolsDeleted, ToolsStatusChanged } from "~/lib/api/contract";
import { utcDayOf } from "~/lib/utc-days";
import type { Application } from "../boot.server";
import { AppError } from "../core/errors.server";
import { BODY_LIMITS, readJsonBody } from "../http/request-body.server";
import { adminOnly, inputOf, searchParamsOf, sendJson } from "./guards.server";

/** /api/admin/tools: the admin list, its export, and bulk status and delete. */
export function adminToolRoutes(app: Application): express.Router {
  const router = express.Router();
  router.get(
    "/tools",
    adminOnly(app, async (req, res) => {
      const query = inputOf(
        adminToolsQuerySchema,
        Object.fromEntries(searchParamsOf(req)),
        "The tool list query is not valid.",
      );
      sendJson<AdminToolsAnswer>(res, await app.services.listAdminTools(query));
    }),
  );
  router.get(
    "/tools/export",
    adminOnly(app, async (req, res) => {
      const format =
        req.query.format === "json" ? "json" : req.query.format === "csv" ? "csv" : null;
      if (!format) throw new AppError("INVALID", "Choose format=csv or format=json.");
      const { text } = await app.services.exportCatalogue(format);
      const day = utcDayOf(new Date());
      res
        .type(format === "json" ? "application/json" : "text/csv")
        .attachment(`ai-tools-${day}.${format}`)
        .send(text);
    }),
  );
  router.post(
    "/tools/status",
    adminOnly(app, async (req, res, viewer) => {
      const { ids, status } = inputOf(bulkStatusSchema, await readJsonBody(req, BODY_LIMITS.admin));
      const changed = await app.services.setToolsStatus(viewer, ids, status);
      sendJson<ToolsStatusChanged>(res, { changed });
    }),
  );
  router.post(
    "/tools/delete",
    adminOnly(app, async (req, res, viewer) => {
      const { ids } = inputOf(bulkDeleteSchema, await readJsonBody(req, BODY_LIMITS.admin));
      sendJson<ToolsDeleted>(res, { deleted: await app.services.deleteTools(viewer, ids) });
    }),
  );
  return router;
}
