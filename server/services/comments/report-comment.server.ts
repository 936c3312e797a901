import { eq, sql } from "drizzle-orm";
import type { ReportedComment } from "~/lib/api/contract";
import { REPORTS_TO_HIDE } from "~/lib/comment-rules";
import type { Database } from "../../db/client.server";
import { commentReports, comments } from "../../db/schema";
import { AppError } from "../../errors.server";
import { lockToolOfComment } from "./comment-shapes.server";
import { recomputeToolRatings } from "./recompute-tool-ratings.server";

/**
 * POST /api/comments/:id/report (issue 17): once per person, never one's own. The comment goes to
 * the moderation queue; REPORTS_TO_HIDE reports hide it (reason "reports") until an admin looks.
 */
export async function reportComment(
  db: Database,
  commentId: number,
  reporterId: string,
  reason: string | undefined,
  now: Date,
): Promise<ReportedComment> {
  return db.transaction(async (tx) => {
    const toolId = await lockToolOfComment(tx, commentId, { mustBeOpen: false });
    const [row] = await tx
      .select({ authorId: comments.authorId, status: comments.status })
      .from(comments)
      .where(eq(comments.id, commentId))
      .for("update");
    if (!row || row.status === "deleted") {
      throw new AppError("NOT_FOUND", "No comment has that id.");
    }
    if (row.authorId === reporterId) {
      throw new AppError("FORBIDDEN", "You cannot report your own comment.");
    }
    const added = await tx
      .insert(commentReports)
      .values({ commentId, userId: reporterId, reason: reason || null, createdAt: now })
      .onConflictDoNothing()
      .returning({ commentId: commentReports.commentId });
    if (added.length === 0) throw new AppError("CONFLICT", "You reported this comment already.");
    const [updated] = await tx
      .update(comments)
      .set({
        reportCount: sql`${comments.reportCount} + 1`,
        needsReview: true,
        status: sql`case when ${comments.status} = 'visible' and ${comments.reportCount} + 1 >= ${REPORTS_TO_HIDE} then 'hidden' else ${comments.status} end`,
        statusReason: sql`case when ${comments.status} = 'visible' and ${comments.reportCount} + 1 >= ${REPORTS_TO_HIDE} then 'reports' else ${comments.statusReason} end`,
        updatedAt: now,
      })
      .where(eq(comments.id, commentId))
      .returning({ reportCount: comments.reportCount, status: comments.status });
    if (updated!.status !== row.status)
      await recomputeToolRatings(tx, [toolId], { isLocked: true });
    return { reportCount: updated!.reportCount };
  });
}
