import { sql } from "drizzle-orm";
import type { Transaction } from "#server/db/client.server";
import { lockInOrder } from "#server/db/lock-tool-rows.server";
import { queryRows } from "#server/db/query-rows.server";
import { recomputeToolRatings } from "./recompute-tool-ratings.server";

/**
 * A deleted account's comments and reports (decision 017), in the deletion's transaction:
 * its replies and its comments nobody answered go; a comment others replied to stays as a
 * "deleted" placeholder with no author, text or rating; the comments it reported lose its report.
 * The ratings of every tool touched are recomputed.
 */
export async function removeAuthorComments(tx: Transaction, userId: string): Promise<void> {
  const touched = await queryRows<{ tool_id: string }>(
    tx,
    sql`select distinct tool_id from comments where author_id = ${userId}
        union
        select distinct c.tool_id from comment_reports r join comments c on c.id = r.comment_id
        where r.user_id = ${userId}`,
  );
  const toolIds = touched.map((row) => row.tool_id);
  if (toolIds.length === 0) return;
  // The tools' rows first, in id order, as every comment write takes them.
  await lockInOrder(tx, toolIds);
  await tx.execute(
    sql`update comments set report_count = greatest(report_count - 1, 0)
        where id in (select comment_id from comment_reports where user_id = ${userId})`,
  );
  await tx.execute(sql`delete from comment_reports where user_id = ${userId}`);
  await tx.execute(sql`delete from comments where author_id = ${userId} and parent_id is not null`);
  await tx.execute(
    sql`update comments set status = 'deleted', status_reason = 'author', author_id = null,
          author_name = '', body_source = null, body_html = '', rating = null,
          needs_review = false, updated_at = now()
        where author_id = ${userId}
          and exists (select 1 from comments reply where reply.parent_id = comments.id)`,
  );
  await tx.execute(sql`delete from comments where author_id = ${userId}`);
  await recomputeToolRatings(tx, toolIds, { isLocked: true });
}
