import { desc, sql, type SQL } from "drizzle-orm";
import type { ModerationQueue } from "~/lib/api/contract";
import type { ModerationFilter } from "~/lib/comment-rules";
import type { ModerationQuery } from "~/lib/comments";
import type { Database } from "#server/db/client.server";
import { comments } from "#server/db/schema";
import { readModerationItems } from "./comment-shapes.server";

export const MODERATION_PAGE_SIZE = 25;

const FILTERS: Record<ModerationFilter, SQL> = {
  review: sql`${comments.needsReview}`,
  held: sql`${comments.status} = 'held'`,
  reported: sql`${comments.reportCount} > 0`,
  hidden: sql`${comments.status} = 'hidden'`,
  deleted: sql`${comments.status} = 'deleted'`,
  all: sql`true`,
};

/** GET /api/admin/comments: one page of the comments an admin filters for, newest first. */
export async function listModerationQueue(
  db: Database,
  { filter, page }: ModerationQuery,
): Promise<ModerationQueue> {
  const where = FILTERS[filter];
  const [ids, [total]] = await Promise.all([
    db
      .select({ id: comments.id })
      .from(comments)
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(MODERATION_PAGE_SIZE)
      .offset((page - 1) * MODERATION_PAGE_SIZE),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(comments)
      .where(where),
  ]);
  return {
    items: await readModerationItems(
      db,
      ids.map((row) => row.id),
    ),
    total: Number(total?.count ?? 0),
    page,
    pageSize: MODERATION_PAGE_SIZE,
  };
}
