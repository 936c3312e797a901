import express from "express";
import { redraftFieldSchema, retryDraftSchema, submitAddressesSchema } from "~/lib/ai-draft";
import type {
  DraftJobAnswer,
  DraftJobsAnswer,
  DraftJobsQueued,
  RedraftedField,
  SavedToolAnswer,
} from "~/lib/api/contract";
import type { Application } from "../boot.server";
import { AppError } from "../core/errors.server";
import { BODY_LIMITS, readJsonBody } from "../http/request-body.server";
import { savedToolOf, toolEditOf } from "./admin-tool-edit.server";
import { adminOnly, inputOf, sendJson } from "./guards.server";

type JobParams = { id: string };

/** /api/admin/ai-drafts: AI-assisted add's jobs, polled by the admin page. */
export function adminAiDraftRoutes(app: Application): express.Router {
  const router = express.Router();
  router.get(
    "/ai-drafts",
    adminOnly(app, async (_req, res) => {
      sendJson<DraftJobsAnswer>(res, await app.services.listDraftJobs());
    }),
  );
  router.post(
    "/ai-drafts",
    adminOnly(app, async (req, res, viewer) => {
      const body = await readJsonBody(req, BODY_LIMITS.admin);
      const { addresses } = inputOf(submitAddressesSchema, body);
      const queued = await app.services.queueDraftJobs(viewer, addresses);
      sendJson<DraftJobsQueued>(res, queued, 201);
    }),
  );
  router.get(
    "/ai-drafts/:id",
    adminOnly<JobParams>(app, async (req, res) => {
      const job = await app.services.getDraftJob(jobIdOf(req.params.id));
      if (!job) throw noSuchJob();
      sendJson<DraftJobAnswer>(res, { job });
    }),
  );
  router.post(
    "/ai-drafts/:id/cancel",
    adminOnly<JobParams>(app, async (req, res) => {
      const job = await app.services.cancelDraftJob(jobIdOf(req.params.id));
      sendJson<DraftJobAnswer>(res, { job });
    }),
  );
  router.post(
    "/ai-drafts/:id/retry",
    adminOnly<JobParams>(app, async (req, res) => {
      const id = jobIdOf(req.params.id);
      const retry = inputOf(retryDraftSchema, await readJsonBody(req, BODY_LIMITS.admin));
      sendJson<DraftJobAnswer>(res, { job: await app.services.retryDraftJob(id, retry) });
    }),
  );
  router.delete(
    "/ai-drafts/:id",
    adminOnly<JobParams>(app, async (req, res) => {
      await app.services.deleteDraftJob(jobIdOf(req.params.id));
      res.status(204).end();
    }),
  );
  router.post(
    "/ai-drafts/:id/redraft",
    adminOnly<JobParams>(app, async (req, res) => {
      const id = jobIdOf(req.params.id);
      const { field } = inputOf(redraftFieldSchema, await readJsonBody(req, BODY_LIMITS.admin));
      sendJson<RedraftedField>(res, await app.services.redraftDraftField(id, field));
    }),
  );
  router.post(
    "/ai-drafts/:id/save",
    adminOnly<JobParams>(app, async (req, res, viewer) => {
      const id = jobIdOf(req.params.id);
      const { tool } = toolEditOf(await readJsonBody(req, BODY_LIMITS.admin));
      const saved = await app.services.saveDraftAsTool(viewer, id, tool);
      sendJson<SavedToolAnswer>(res, { tool: savedToolOf(saved) }, 201);
    }),
  );
  return router;
}

/** Job ids are serial integers; anything else names no job. */
function jobIdOf(param: string): number {
  if (!/^[1-9]\d{0,8}$/.test(param)) throw noSuchJob();
  return Number(param);
}

function noSuchJob(): AppError {
  return new AppError("NOT_FOUND", "No draft job has that id.");
}
