import { and, eq, sql } from "drizzle-orm";
import type { ReportedComment } from "~/lib/api/contract";
import { REPORTS_TO_HIDE } from "~/lib/comment-rules";
import type { Database, Transaction } from "#server/db/client.server";
import { commentReports, comments } from "#server/db/schema";
import { AppError } from "#server/core/errors.server";
import { lockToolOfComment } from "./comment-shapes.server";
import { isEstablishedReporter } from "./is-established-reporter.server";
import { recomputeToolRatings } from "./recompute-tool-ratings.server";

/**
 * POST /api/comments/:id/report: once per person, never one's own. Every report puts the comment
 * in the moderation queue; only reports from established accounts (decision 027) count towards
 * hiding it: REPORTS_TO_HIDE of them hide it (reason "reports") until an admin looks. Reports from
 * new or idle accounts never hide a comment nor take its rating out of the average.
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
    const isTrusted = await isEstablishedReporter(tx, reporterId, now);
    const added = await tx
      .insert(commentReports)
      .values({ commentId, userId: reporterId, reason: reason || null, isTrusted, createdAt: now })
      .onConflictDoNothing()
      .returning({ commentId: commentReports.commentId });
    if (added.length === 0) throw new AppError("CONFLICT", "You reported this comment already.");
    const hides =
      isTrusted &&
      row.status === "visible" &&
      (await countTrustedReports(tx, commentId)) >= REPORTS_TO_HIDE;
    const [updated] = await tx
      .update(comments)
      .set({
        reportCount: sql`${comments.reportCount} + 1`,
        needsReview: true,
        ...(hides ? { status: "hidden" as const, statusReason: "reports" } : {}),
        updatedAt: now,
      })
      .where(eq(comments.id, commentId))
      .returning({ reportCount: comments.reportCount, status: comments.status });
    if (updated!.status !== row.status)
      await recomputeToolRatings(tx, [toolId], { isLocked: true });
    return { reportCount: updated!.reportCount };
  });
}

async function countTrustedReports(tx: Transaction, commentId: number): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(commentReports)
    .where(and(eq(commentReports.commentId, commentId), eq(commentReports.isTrusted, true)));
  return Number(row?.count ?? 0);
}
