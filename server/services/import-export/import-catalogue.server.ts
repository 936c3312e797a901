import { setImmediate as nextTurn } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "#server/db/client.server";
import { importJobs, tools } from "#server/db/schema";
import { AppError } from "#server/core/errors.server";
import { notifyLive } from "#server/live/live-events.server";
import { WRITTEN_COLUMNS } from "../admin/tool-input-rows.server";
import type { ImportProgress, ImportReport } from "~/lib/catalogue-import";
import { shownText } from "~/lib/plain-text";
import { planImport, type ImportPlan, type PlannedWrite } from "./plan-import.server";
import { readCatalogueFile, type ImportFormat } from "./read-catalogue-file.server";

export interface ImportFile {
  name: string;
  format: ImportFormat;
  text: string;
}

const CHUNK = 500;
const LISTED = 200;

/** Columns only a new tool takes from a file; an existing tool keeps its own. */
const NEW_TOOL_ONLY = ["createdAt", "views", "rating_avg"];

class RejectedImport extends Error {
  constructor(readonly plan: ImportPlan) {
    super("rejected");
  }
}

/**
 * Bulk import. A dry run reads the file, plans every row and records what would happen.
 * A real run does the same inside one transaction that holds the tools table against other
 * writers, writes only when no row is rejected, and records the job in that transaction: a file
 * with one bad row imports nothing, and importing the same file again changes nothing.
 */
export async function importCatalogue(
  db: Database,
  actor: { id: string | null; email: string },
  file: ImportFile,
  options: { dryRun: boolean; onProgress?: (progress: ImportProgress) => void | Promise<void> },
): Promise<ImportReport> {
  const startedAt = new Date();
  const reading = readCatalogueFile(file.text, file.format);
  const job = {
    userId: actor.id,
    userEmail: actor.email,
    fileName: shownText(file.name),
    format: file.format,
    dryRun: options.dryRun,
    startedAt,
  };
  if (!reading.ok) {
    // The message may quote the file (an unknown column's name).
    const message = shownText(reading.message);
    const problems = [{ row: 0, name: null, reasons: [message] }];
    const [row] = await db
      .insert(importJobs)
      .values({ ...job, status: "failed", problems })
      .returning();
    // A file past a size limit is in the history too, and its answer is a 413 naming the limit.
    if (reading.isOverLimit) throw new AppError("TOO_LARGE", `${message} Nothing was imported.`);
    return {
      ...emptyReport(options.dryRun, startedAt),
      jobId: row!.id,
      status: "failed",
      message,
      problems,
    };
  }
  const notes = notesFor(reading.columns);
  const total = reading.rows.length;
  const progress = async (phase: ImportProgress["phase"], done: number) => {
    await options.onProgress?.({ phase, done, total });
    // Let the progress reach the client before the next chunk of work.
    await nextTurn();
  };

  if (options.dryRun) {
    await progress("checking", 0);
    const plan = planImport(reading.rows, await db.select().from(tools));
    await progress("checking", total);
    const status = plan.rejected.length > 0 ? "rejected" : "succeeded";
    const [row] = await db
      .insert(importJobs)
      .values({ ...job, status, ...countsOf(plan), problems: plan.rejected.slice(0, LISTED) })
      .returning();
    return reportOf(row!.id, true, status, plan, notes, startedAt);
  }

  try {
    return await db.transaction(async (tx) => {
      // Likes, views and admin edits wait for the import; nothing changes under its plan.
      await tx.execute(sql`lock table tools in share row exclusive mode`);
      await progress("checking", 0);
      const plan = planImport(reading.rows, await tx.select().from(tools));
      await progress("checking", total);
      if (plan.rejected.length > 0) throw new RejectedImport(plan);
      for (let start = 0; start < plan.writes.length; start += CHUNK) {
        await writeChunk(tx, plan.writes.slice(start, start + CHUNK));
        await progress("writing", Math.min(start + CHUNK, plan.writes.length));
      }
      if (plan.writes.length > 0) await notifyLive(tx, { type: "catalogue" });
      const [row] = await tx
        .insert(importJobs)
        .values({ ...job, status: "succeeded", ...countsOf(plan) })
        .returning();
      return reportOf(row!.id, false, "succeeded", plan, notes, startedAt);
    });
  } catch (error) {
    if (!(error instanceof RejectedImport)) {
      // Nothing was written (the transaction rolled back); the record says so.
      const reasons = ["The import failed on our side; nothing was imported."];
      await db
        .insert(importJobs)
        .values({
          ...job,
          status: "failed",
          rows: total,
          problems: [{ row: 0, name: null, reasons }],
        })
        .catch(() => {});
      throw error;
    }
    const { plan } = error;
    const [row] = await db
      .insert(importJobs)
      .values({
        ...job,
        status: "rejected",
        ...countsOf(plan),
        problems: plan.rejected.slice(0, LISTED),
      })
      .returning();
    return reportOf(row!.id, false, "rejected", plan, notes, startedAt);
  }
}

/** New tools and changed ones in one statement; an update sets only what an admin may edit. */
async function writeChunk(tx: Transaction, writes: readonly PlannedWrite[]) {
  const set: Record<string, unknown> = { updatedAt: sql`now()` };
  for (const column of WRITTEN_COLUMNS) {
    set[column] = sql.raw(`excluded.${tools[column].name}`);
  }
  await tx
    .insert(tools)
    .values(writes.map((write) => write.values))
    .onConflictDoUpdate({ target: tools.id, set });
}

function countsOf(plan: ImportPlan) {
  return {
    rows: plan.rows,
    created: plan.writes.filter((write) => write.kind === "create").length,
    updated: plan.writes.filter((write) => write.kind === "update").length,
    unchanged: plan.unchanged.length,
    rejected: plan.rejected.length,
  };
}

function notesFor(columns: readonly string[]): string[] {
  const notes: string[] = [];
  if (columns.includes("likes_total")) {
    notes.push("likes_total is counted from people's likes, so the file's value is not imported.");
  }
  const newOnly = NEW_TOOL_ONLY.filter((column) => columns.includes(column));
  if (newOnly.length > 0) {
    notes.push(`${newOnly.join(", ")}: taken for new tools only; existing tools keep their own.`);
  }
  return notes;
}

function messageOf(
  dryRun: boolean,
  status: ImportReport["status"],
  counts: ReturnType<typeof countsOf>,
): string {
  const summary = `${counts.created} to create, ${counts.updated} to update, ${counts.unchanged} unchanged`;
  if (status === "rejected") {
    const rows = `${counts.rejected} of ${counts.rows} ${counts.rows === 1 ? "row" : "rows"}`;
    return `${rows} ${counts.rejected === 1 ? "has" : "have"} problems, so nothing ${dryRun ? "would be" : "was"} imported. Fix ${counts.rejected === 1 ? "it" : "them"} and try again.`;
  }

  if (dryRun) return `Dry run: ${summary}. Nothing has been changed yet.`;
  return `Imported: ${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged.`;
}

function reportOf(
  jobId: number,
  dryRun: boolean,
  status: "succeeded" | "rejected",
  plan: ImportPlan,
  notes: string[],
  startedAt: Date,
): ImportReport {
  const counts = countsOf(plan);
  return {
    jobId,
    dryRun,
    status,
    message: messageOf(dryRun, status, counts),
    ...counts,
    problems: plan.rejected.slice(0, LISTED),
    samples: plan.writes.slice(0, LISTED).map((write) => ({
      row: write.row,
      kind: write.kind,
      name: write.values.name,
      matchedBy: write.matchedBy,
      changed: write.changed,
    })),
    notes,
    elapsedMs: Date.now() - startedAt.getTime(),
  };
}

function emptyReport(
  dryRun: boolean,
  startedAt: Date,
): Omit<ImportReport, "jobId" | "status" | "message" | "problems"> {
  return {
    dryRun,
    rows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
    samples: [],
    notes: [],
    elapsedMs: Date.now() - startedAt.getTime(),
  };
}
