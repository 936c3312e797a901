import { desc, eq, inArray } from "drizzle-orm";
import {
  DRAFTED_FIELDS,
  type DraftFailureCode,
  type DraftJob,
  type DraftJobSummary,
  type JobDraft,
  type ToolDraft,
} from "~/lib/ai-draft";
import type { Database, Transaction } from "#server/db/client.server";
import { aiDraftJobs, tools } from "#server/db/schema";
import {
  linkedToolColumns,
  toLinkedTool,
  type LinkedTool,
} from "#server/snapshot/tool-shapes.server";

export type DraftJobRow = typeof aiDraftJobs.$inferSelect;

/** GET /api/admin/ai-drafts/:id: one job with its draft, or null. */
export async function getDraftJob(
  db: Database | Transaction,
  id: number,
): Promise<DraftJob | null> {
  const [row] = await db.select().from(aiDraftJobs).where(eq(aiDraftJobs.id, id));
  if (!row) return null;
  const [job] = await draftJobsOf(db, [row]);
  return { ...job!, draft: row.draft as JobDraft };
}

/** The newest jobs first, at most `limit`. */
export async function readDraftJobRows(db: Database, limit: number): Promise<DraftJobRow[]> {
  return db.select().from(aiDraftJobs).orderBy(desc(aiDraftJobs.id)).limit(limit);
}

/** Rows as the admin page lists them, with the duplicate and the saved tool linked. */
export async function draftJobsOf(
  db: Database | Transaction,
  rows: DraftJobRow[],
): Promise<DraftJobSummary[]> {
  const ids = [
    ...new Set(rows.flatMap((row) => [row.duplicateToolId, row.savedToolId]).filter(isId)),
  ];
  const linked = new Map<string, LinkedTool>();
  if (ids.length > 0) {
    const found = await db.select(linkedToolColumns).from(tools).where(inArray(tools.id, ids));
    for (const tool of found) linked.set(tool.id, toLinkedTool(tool));
  }
  return rows.map((row) => summaryOf(row, linked));
}

function summaryOf(row: DraftJobRow, linked: Map<string, LinkedTool>): DraftJobSummary {
  const draft = row.draft as ToolDraft;
  return {
    id: row.id,
    address: row.address,
    url: row.url,
    finalUrl: row.finalUrl && row.finalUrl !== row.url ? row.finalUrl : null,
    state: row.state,
    progress: row.progress,
    failure:
      row.failureCode && row.failureMessage
        ? { code: row.failureCode as DraftFailureCode, message: row.failureMessage }
        : null,
    duplicateOf: (row.duplicateToolId && linked.get(row.duplicateToolId)) || null,
    draftedFields: DRAFTED_FIELDS.filter((field) => draft[field] !== undefined).length,
    usedModel: row.usedModel,
    modelProblem: row.modelProblem,
    savedTool: (row.savedToolId && linked.get(row.savedToolId)) || null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function isId(id: string | null): id is string {
  return id !== null;
}
