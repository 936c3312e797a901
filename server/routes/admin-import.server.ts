import express from "express";
import type { ImportAnswer, ImportStreamLine } from "~/lib/api/contract";
import { importQuerySchema } from "~/lib/catalogue-import";
import type { Application } from "../boot.server";
import { AppError } from "../core/errors.server";
import { BODY_LIMITS, readRequestBody } from "../http/request-body.server";
import type { Logger } from "../core/logger.server";
import { adminOnly, inputOf, sendJson } from "./guards.server";

/** /api/admin/import: a CSV or JSON file, checked (dry run) or written all or nothing. */
export function adminImportRoutes(app: Application, logger: Logger): express.Router {
  const router = express.Router();
  router.post(
    "/import",
    adminOnly(app, async (req, res, viewer) => {
      const text = (await readRequestBody(req, BODY_LIMITS.adminImport)).toString("utf8");
      const { format, name, dryRun, stream } = inputOf(
        importQuerySchema,
        req.query,
        "The import options are not valid.",
      );
      const file = { name, format, text };
      if (!stream) {
        sendJson<ImportAnswer>(res, await app.services.importCatalogue(viewer, file, { dryRun }));
        return;
      }
      // Large files: one JSON line per step, so the page can show progress, then the report.
      res.type("application/x-ndjson");
      const send = (line: ImportStreamLine) => res.write(`${JSON.stringify(line)}\n`);
      try {
        const report = await app.services.importCatalogue(viewer, file, {
          dryRun,
          onProgress: (progress) => send({ progress }),
        });
        send({ report });
      } catch (error) {
        const known = error instanceof AppError ? error : null;
        if (!known) logger.error({ err: error }, "import failed");
        send(
          known?.toJSON() ?? {
            error: {
              code: "INTERNAL",
              message: "The import failed on our side; nothing was imported.",
            },
          },
        );
      }
      res.end();
    }),
  );
  return router;
}
