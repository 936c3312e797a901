import { commentSourceSchema, type CommentImportProblem } from "~/lib/comment-import";
import { shownText } from "~/lib/plain-text";
import type { Database } from "#server/db/client.server";
import { tools } from "#server/db/schema";
import { linkedToolColumns } from "#server/snapshot/tool-shapes.server";
import { CommentFileError, type ExportRecord } from "./export-records.server";
import { createThreadMatcher, type ThreadMapping } from "./match-thread.server";
import type { ExportRecords } from "./open-export-records.server";
import { planCommentImport, type CommentImportPlan } from "./plan-comment-import.server";
import { readThreadMapping } from "./read-thread-mapping.server";
import type { TellProgress } from "./tell-import-progress.server";

/** The reading progress is told at most this often (bytes of the file as stored). */
const PROGRESS_STEP = 1024 * 1024;

export interface FileImportPlan {
  plan: CommentImportPlan;
  /** The source the comments are recorded under. */
  source: string;
  /** Entries of the thread mapping that name no tool. */
  mappingProblems: CommentImportProblem[];
}

/**
 * The first read of the file, for its structure: threads matched to tools (through the mapping
 * file when there is one) and the fate of every post, without their texts. Throws a
 * CommentFileError for a file, mapping or source the import refuses.
 */
export async function planFileImport(
  db: Database,
  file: { size: number },
  records: ExportRecords,
  options: { source?: string; mapping?: { name: string; text: string } },
  tellProgress: TellProgress,
): Promise<FileImportPlan> {
  const mappingProblems: CommentImportProblem[] = [];
  const toolRows = await db.select(linkedToolColumns).from(tools);
  const mapping = options.mapping
    ? mappingToKnownTools(options.mapping, toolRows, mappingProblems)
    : undefined;
  const matchThread = createThreadMatcher(toolRows, mapping);
  await tellProgress("reading", 0, file.size);
  const plan = await planCommentImport(
    toldWhileRead(records, file.size, tellProgress),
    matchThread,
  );
  await tellProgress("reading", file.size, file.size);
  const named = commentSourceSchema.safeParse(options.source ?? records.jsonSource() ?? "disqus");
  if (!named.success) {
    throw new CommentFileError(null, `The source: ${named.error.issues[0]!.message}`);
  }
  return { plan, source: named.data, mappingProblems };
}

async function* toldWhileRead(
  records: ExportRecords,
  size: number,
  tellProgress: TellProgress,
): AsyncGenerator<ExportRecord> {
  let toldBytes = -PROGRESS_STEP;
  for await (const item of records.read()) {
    const bytesRead = records.bytesRead();
    if (bytesRead - toldBytes >= PROGRESS_STEP) {
      toldBytes = bytesRead;
      await tellProgress("reading", bytesRead, size);
    }
    yield item;
  }
}

/** The mapping file's entries whose tool exists, by id or slug; the others become problems. */
function mappingToKnownTools(
  file: { name: string; text: string },
  toolRows: readonly { id: string; slug: string }[],
  problems: CommentImportProblem[],
): ThreadMapping {
  const known = new Set(toolRows.flatMap((tool) => [tool.id, tool.slug]));
  const mapping = new Map<string, string>();
  for (const entry of readThreadMapping(file.name, file.text)) {
    if (!known.has(entry.tool) && !known.has(entry.tool.toLowerCase())) {
      problems.push({
        line: entry.line,
        record: `mapping ${shownText(file.name)}`,
        message: `"${shownText(entry.tool).slice(0, 100)}" is neither a tool's id nor its slug.`,
      });
      continue;
    }
    if (!mapping.has(entry.key)) mapping.set(entry.key, entry.tool);
  }
  return mapping;
}
