import express from "express";
import { analyticsRangeSchema } from "~/lib/analytics-schemas";
import type { AnalyticsReport } from "~/lib/api/contract";
import type { Application } from "../boot.server";
import { adminOnly, inputOf, searchParamsOf, sendJson } from "./guards.server";

/**
 * GET /api/admin/analytics?from&to: the dashboard's figures for whole UTC days. Other query
 * parameters are ignored (docs/api.md).
 */
export function adminAnalyticsRoutes(app: Application): express.Router {
  const router = express.Router();
  router.get(
    "/analytics",
    adminOnly(app, async (req, res) => {
      const query = searchParamsOf(req);
      const range = inputOf(
        analyticsRangeSchema,
        { from: query.get("from") ?? undefined, to: query.get("to") ?? undefined },
        "Choose a range of days.",
      );
      sendJson<AnalyticsReport>(res, await app.services.getAnalyticsReport(range));
    }),
  );
  return router;
}
