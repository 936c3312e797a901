import type { DraftedFieldName } from "~/lib/ai-draft";
import type { ToolInput } from "~/lib/tool-input";
import type { Database } from "#server/db/client.server";
import type { Env } from "#server/core/env.server";
import type { Logger } from "#server/core/logger.server";
import { listTaxonomySuggestions } from "../admin/list-taxonomy-suggestions.server";
import type { Actor } from "../admin/record-admin-action.server";
import { cancelDraftJob } from "./cancel-draft-job.server";
import { deleteDraftJob } from "./delete-draft-job.server";
import { DraftJobRunner } from "./draft-job-runner.server";
import type { ModelSettings } from "./draft-types.server";
import { findDuplicateTool } from "./find-duplicate-tool.server";
import { getDraftJob } from "./get-draft-job.server";
import { listDraftJobs } from "./list-draft-jobs.server";
import { queueDraftJobs } from "./queue-draft-jobs.server";
import { redraftDraftField } from "./redraft-draft-field.server";
import { retryDraftJob } from "./retry-draft-job.server";
import { saveDraftAsTool } from "./save-draft-as-tool.server";

export type DraftEnv = Pick<
  Env,
  "LLM_BASE_URL" | "LLM_API_KEY" | "LLM_MODEL" | "FETCH_ALLOW_PRIVATE"
>;

/** The model drafts ask (LLM_BASE_URL and LLM_MODEL, the key optional), or null: page-only. */
export function modelSettingsOf(env: Partial<DraftEnv>): ModelSettings | null {
  if (!env.LLM_BASE_URL || !env.LLM_MODEL) return null;
  return { baseUrl: env.LLM_BASE_URL, model: env.LLM_MODEL, apiKey: env.LLM_API_KEY ?? null };
}

/**
 * AI-assisted add: the job list, the queue and its runner (started after boot, stopped
 * on close), and the review's redraft and save.
 */
export function createAiDraftServices(deps: {
  db: Database;
  mediaDir: string;
  logger: Logger;
  env: Partial<DraftEnv>;
  databaseKind: "pglite" | "postgres";
}) {
  const { db, mediaDir } = deps;
  const model = modelSettingsOf(deps.env);
  const allowPrivate = deps.env.FETCH_ALLOW_PRIVATE ?? false;
  const findDuplicate = (siteKey: string) => findDuplicateTool(db, siteKey);
  const runner = new DraftJobRunner({
    db,
    databaseKind: deps.databaseKind,
    logger: deps.logger,
    draftSettings: async () => ({
      allowPrivate,
      mediaDir,
      model,
      taxonomy: await listTaxonomySuggestions(db),
      findDuplicate,
    }),
  });
  return {
    listDraftJobs: () => listDraftJobs(db, model),
    getDraftJob: (id: number) => getDraftJob(db, id),
    queueDraftJobs: async (actor: Actor, text: string) => {
      const queued = await queueDraftJobs(db, actor, text, findDuplicate);
      runner.wake();
      return queued;
    },
    cancelDraftJob: (id: number) => cancelDraftJob(db, id),
    retryDraftJob: async (id: number, retry: { ignoreDuplicate: boolean }) => {
      const job = await retryDraftJob(db, id, retry);
      runner.wake();
      return job;
    },
    deleteDraftJob: (id: number) => deleteDraftJob(db, mediaDir, id),
    redraftDraftField: async (id: number, field: DraftedFieldName) =>
      redraftDraftField(db, id, field, { model, taxonomy: await listTaxonomySuggestions(db) }),
    saveDraftAsTool: (actor: Actor, id: number, input: ToolInput) =>
      saveDraftAsTool(db, actor, id, input),
    /**
     * Boot starts the runner once the server is up; a drain gives its jobs `graceMs` to finish;
     * close stops it before the database.
     */
    startDraftRunner: () => runner.start(),
    stopDraftRunner: (graceMs?: number) => runner.stop(graceMs),
  };
}
