import { isBlankText } from "~/lib/comment-rules";
import type { comments } from "#server/db/schema";
import { renderCommentMarkdown, sanitizeLongCommentHtml } from "../comments/comment-html.server";
import type { ExportPost } from "./export-records.server";
import type { PlannedComment } from "./plan-comment-import.server";

export type NewComment = typeof comments.$inferInsert;

/** A post of the file with what the plan decided for it. */
export interface PendingComment {
  post: ExportPost;
  planned: PlannedComment;
}

/** The post's text as stored HTML, or why nothing of it can be kept. */
export async function sanitiseImportedBody(
  post: Pick<ExportPost, "body" | "bodyFormat">,
): Promise<{ bodyHtml: string } | { skipped: string }> {
  const sanitised =
    post.bodyFormat === "markdown"
      ? await renderCommentMarkdown(post.body)
      : await sanitizeLongCommentHtml(post.body);
  const bodyHtml = (sanitised ?? "").trim().replaceAll("\u0000", "");
  if (!isBlankText(textOfHtml(bodyHtml))) return { bodyHtml };
  return {
    skipped:
      sanitised === null
        ? "The message could not be sanitised in time; it is skipped."
        : "Nothing is left of the message once sanitised; it is skipped.",
  };
}

/**
 * The comment row for a planned post; a placeholder (deleted, kept for its replies) has no
 * author, text or rating, and only top-level comments carry a rating.
 */
export function importedCommentRow(
  { post, planned }: PendingComment,
  bodyHtml: string,
  source: string,
  startedAt: Date,
): NewComment {
  // A date after the import (a wrong clock, a hand-made file) would hold the top of "Newest"
  // for years: it is taken as the import's own time.
  const createdAt = post.createdAt! > startedAt ? startedAt : post.createdAt!;
  return {
    toolId: planned.toolId,
    authorId: null,
    authorName: planned.isPlaceholder ? "" : post.authorName,
    bodySource: null,
    bodyHtml: planned.isPlaceholder ? "" : bodyHtml,
    rating: planned.isPlaceholder || planned.rootKey !== null ? null : post.rating,
    status: planned.isPlaceholder ? "deleted" : "visible",
    source,
    externalId: post.key,
    isOrphan: planned.isOrphan,
    createdAt,
    updatedAt: createdAt,
  };
}

function textOfHtml(html: string): string {
  return html.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;/g, " ");
}
