import express from "express";
import type { ZodError } from "zod";
import type { MarkdownPreview, SavedToolAnswer, StoredImage } from "~/lib/api/contract";
import { markdownPreviewSchema } from "~/lib/catalogue-import";
import { isToolId } from "~/lib/tool";
import { fieldErrorsOf } from "~/lib/field-errors";
import { toolEditSchema } from "~/lib/tool-input";
import type { Application } from "../boot.server";
import { AppError } from "../core/errors.server";
import { BODY_LIMITS, readJsonBody, readRequestBody } from "../http/request-body.server";
import { adminOnly, inputOf, sendJson } from "./guards.server";

/** The tool form's endpoints: add, change, upload an image, preview Markdown. */
export function adminToolEditRoutes(app: Application): express.Router {
  const router = express.Router();
  router.post(
    "/tools",
    adminOnly(app, async (req, res, viewer) => {
      const { tool } = toolEditOf(await readJsonBody(req, BODY_LIMITS.admin));
      const saved = await app.services.createTool(viewer, tool);
      sendJson<SavedToolAnswer>(res, { tool: savedToolOf(saved) }, 201);
    }),
  );
  router.put(
    "/tools/:id",
    adminOnly<{ id: string }>(app, async (req, res, viewer) => {
      if (!isToolId(req.params.id)) throw new AppError("NOT_FOUND", "No tool has that id.");
      const { tool, updatedAt } = toolEditOf(await readJsonBody(req, BODY_LIMITS.admin));
      const saved = await app.services.updateTool(viewer, req.params.id, tool, updatedAt);
      sendJson<SavedToolAnswer>(res, { tool: savedToolOf(saved) });
    }),
  );
  router.post(
    "/images",
    adminOnly(app, async (req, res) => {
      const bytes = await readRequestBody(req, BODY_LIMITS.adminImage);
      sendJson<StoredImage>(res, { path: await app.services.storeToolImage(bytes) }, 201);
    }),
  );
  router.post(
    "/markdown",
    adminOnly(app, async (req, res) => {
      const { source } = inputOf(markdownPreviewSchema, await readJsonBody(req, BODY_LIMITS.admin));
      sendJson<MarkdownPreview>(res, { html: await app.services.previewMarkdown(source) });
    }),
  );
  return router;
}

/** The answer names where the tool lives, never the server's bookkeeping of the save. */
export function savedToolOf({ id, slug, publicPath, updatedAt }: SavedToolAnswer["tool"]) {
  return { id, slug, publicPath, updatedAt };
}

export function toolEditOf(body: unknown) {
  const parsed = toolEditSchema.safeParse(body);
  if (!parsed.success) throw invalidTool(parsed.error);
  return parsed.data;
}

/** Field names are the tool's own ("websiteUrl"), as the form names them. */
function invalidTool(error: ZodError): AppError {
  const fields = Object.entries(fieldErrorsOf(error)).map(([field, message]) => [
    field.replace(/^tool\./, ""),
    message,
  ]);
  return new AppError("INVALID", "Some fields need attention.", Object.fromEntries(fields));
}
