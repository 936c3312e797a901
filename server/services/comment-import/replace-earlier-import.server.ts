import { count, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "#server/db/client.server";
import { comments } from "#server/db/schema";
import { queryRows } from "#server/db/query-rows.server";
import { recomputeToolRatings } from "../comments/recompute-tool-ratings.server";

export function countSourceComments(db: Database | Transaction, source: string): Promise<number> {
  return db
    .select({ n: count() })
    .from(comments)
    .where(eq(comments.source, source))
    .then(([row]) => row?.n ?? 0);
}

/** An earlier import's comments that people replied to here: replace keeps them. */
export async function findKeptForReplies(
  db: Database | Transaction,
  source: string,
): Promise<Set<string>> {
  const rows = await queryRows<{ external_id: string }>(
    db,
    sql`select c.external_id from comments c
        where c.source = ${source}
          and exists (select 1 from comments r where r.parent_id = c.id and r.source <> ${source})`,
  );
  return new Set(rows.map((row) => row.external_id));
}

/**
 * Replace: removes the source's earlier comments, except those someone replied to on this site
 * (deleting them would delete the replies, which are native). Runs in the first batch's
 * transaction, so a failing first batch leaves the earlier import as it was.
 */
export async function replaceEarlierImport(
  tx: Transaction,
  source: string,
): Promise<{ replaced: number; keptForReplies: number }> {
  const before = await countSourceComments(tx, source);
  const removed = await queryRows<{ tool_id: string }>(
    tx,
    sql`delete from comments c
        where c.source = ${source}
          and not exists (select 1 from comments r where r.parent_id = c.id and r.source <> ${source})
        returning c.tool_id`,
  );
  const after = await countSourceComments(tx, source);
  await recomputeToolRatings(
    tx,
    removed.map((row) => row.tool_id),
  );
  return { replaced: before - after, keptForReplies: after };
}
