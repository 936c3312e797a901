import express from "express";
import type { ZodError } from "zod";
import { adminToolsQuerySchema, bulkDeleteSchema, bulkStatusSchema } from "~/lib/admin-tools-query";
import { importQuerySchema, markdownPreviewSchema } from "~/lib/catalogue-import";
import { isToolId } from "~/lib/tool";
import { toolEditSchema, toolFieldErrors } from "~/lib/tool-form";
import type { Application } from "../boot.server";
import { AppError } from "../errors.server";
import type { Logger } from "../logger.server";
import { BODY_LIMITS, jsonBody, readRequestBody } from "../http/request-body.server";
import { requireSignedIn } from "./signed-in.server";

/**
 * /api/admin: spec 6, enforced here whatever the client does. 401 signed out, 403 for anyone
 * without the admin role, read from the database on every request.
 */
export function adminRoutes(app: Application, logger: Logger): express.Router {
  const router = express.Router();
  router.use(async (req, _res, next) => {
    const { viewer } = await requireSignedIn(app, req);
    if (!viewer.isAdmin) throw new AppError("FORBIDDEN", "This needs the admin role.");
    next();
  });
  router.get("/me", async (req, res) => {
    const { viewer } = await requireSignedIn(app, req);
    res.json({ email: viewer.email, isAdmin: true });
  });
  router.get("/tools", async (req, res) => {
    const url = new URL(req.originalUrl, "http://localhost");
    const parsed = adminToolsQuerySchema.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success) throw AppError.fromZod(parsed.error, "The tool list query is not valid.");
    res.json(await app.services.listAdminTools(parsed.data));
  });
  router.get("/tools/export", async (req, res) => {
    const format = req.query.format === "json" ? "json" : req.query.format === "csv" ? "csv" : null;
    if (!format) throw new AppError("INVALID", "Choose format=csv or format=json.");
    const { text } = await app.services.exportCatalogue(format);
    const day = new Date().toISOString().slice(0, 10);
    res
      .type(format === "json" ? "application/json" : "text/csv")
      .attachment(`ai-tools-${day}.${format}`)
      .send(text);
  });
  router.post("/tools/status", jsonBody(BODY_LIMITS.admin), async (req, res) => {
    const { viewer } = await requireSignedIn(app, req);
    const parsed = bulkStatusSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw AppError.fromZod(parsed.error);
    const changed = await app.services.setToolsStatus(viewer, parsed.data.ids, parsed.data.status);
    res.json({ changed });
  });
  router.post("/tools/delete", jsonBody(BODY_LIMITS.admin), async (req, res) => {
    const { viewer } = await requireSignedIn(app, req);
    const parsed = bulkDeleteSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw AppError.fromZod(parsed.error);
    res.json({ deleted: await app.services.deleteTools(viewer, parsed.data.ids) });
  });
  router.use(adminEditRoutes(app, logger));
  return router;
}

/** Tool forms, images, the Markdown preview and imports (issue 7); the role is checked above. */
function adminEditRoutes(app: Application, logger: Logger): express.Router {
  const router = express.Router();
  const toolBody = jsonBody(BODY_LIMITS.admin);
  router.post("/tools", toolBody, async (req, res) => {
    const { viewer } = await requireSignedIn(app, req);
    const parsed = toolEditSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw invalidTool(parsed.error);
    res.status(201).json({ tool: await app.services.createTool(viewer, parsed.data.tool) });
  });
  router.put("/tools/:id", toolBody, async (req, res) => {
    const { viewer } = await requireSignedIn(app, req);
    if (!isToolId(req.params.id)) throw new AppError("NOT_FOUND", "No tool has that id.");
    const parsed = toolEditSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw invalidTool(parsed.error);
    const { tool, updatedAt } = parsed.data;
    res.json({ tool: await app.services.updateTool(viewer, req.params.id, tool, updatedAt) });
  });
  router.post("/images", async (req, res) => {
    const bytes = await readRequestBody(req, BODY_LIMITS.adminImage);
    const path = await app.services.storeToolImage(bytes);
    res.status(201).json({ path });
  });
  router.post("/markdown", jsonBody(BODY_LIMITS.admin), (req, res) => {
    const parsed = markdownPreviewSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw AppError.fromZod(parsed.error);
    res.json({ html: app.services.previewMarkdown(parsed.data.source) });
  });
  router.post("/import", async (req, res) => {
    const text = (await readRequestBody(req, BODY_LIMITS.adminImport)).toString("utf8");
    const { viewer } = await requireSignedIn(app, req);
    const parsed = importQuerySchema.safeParse(req.query);
    if (!parsed.success) throw AppError.fromZod(parsed.error, "The import options are not valid.");
    const { format, name, dryRun, stream } = parsed.data;
    const file = { name, format, text };
    if (!stream) {
      res.json(await app.services.importCatalogue(viewer, file, { dryRun }));
      return;
    }
    // Large files: one JSON line per step, so the page can show progress, then the report.
    res.type("application/x-ndjson");
    const send = (line: object) => res.write(`${JSON.stringify(line)}\n`);
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
  });
  return router;
}

/** Field names are the tool's own ("websiteUrl"), as the form names them. */
function invalidTool(error: ZodError): AppError {
  const fields = Object.entries(toolFieldErrors(error)).map(([field, message]) => [
    field.replace(/^tool\./, ""),
    message,
  ]);
  return new AppError("INVALID", "Some fields need attention.", Object.fromEntries(fields));
}
