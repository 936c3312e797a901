import { sql } from "drizzle-orm";
import { NEW_ACCOUNT_MS } from "~/lib/comment-rules";
import type { Transaction } from "#server/db/client.server";
import { queryRows } from "#server/db/query-rows.server";

/**
 * Decision 027: whether a report from this account may count towards hiding a comment. An
 * established account is at least NEW_ACCOUNT_MS old and did something here besides reporting
 * before this report: a comment of its own that is still visible (not held, hidden or deleted), or
 * a tool it likes. Accounts made for a brigade have neither, so their reports only queue the
 * comment for an admin.
 */
export async function isEstablishedReporter(
  tx: Transaction,
  userId: string,
  now: Date,
): Promise<boolean> {
  const [row] = await queryRows<{ established: boolean }>(
    tx,
    sql`select u.created_at <= ${new Date(now.getTime() - NEW_ACCOUNT_MS)}
          and (
            exists (select 1 from comments c
                    where c.author_id = u.id and c.status = 'visible' and c.created_at < ${now})
            or exists (select 1 from tool_likes l
                       where l.user_id = u.id and l.is_active and l.created_at < ${now})
          ) as established
        from auth_users u where u.id = ${userId}`,
  );
  return row?.established === true;
}
