import type { ModerationAction } from "~/lib/comment-rules";
import type { CommentPageQuery, ModerationQuery } from "~/lib/comments";
import type { Database } from "#server/db/client.server";
import type { Actor } from "../admin/record-admin-action.server";
import type { Clock, CommentReader } from "./comment-shapes.server";
import { deleteComment } from "./delete-comment.server";
import { editComment, type CommentEdit } from "./edit-comment.server";
import { getCommentPage } from "./get-comment-page.server";
import { listModerationQueue } from "./list-moderation-queue.server";
import { moderateComment } from "./moderate-comment.server";
import { postComment, type NewComment } from "./post-comment.server";
import { reportComment } from "./report-comment.server";
import { setCommentLock } from "./set-comment-lock.server";

type Author = { id: string; name: string };

/**
 * Comments, ratings and their moderation (decision 017). `now` is the clock of the edit
 * window and the new-account rule (tests move it instead of waiting).
 */
export function createCommentsServices({
  db,
  now = () => new Date(),
}: {
  db: Database;
  now?: Clock;
}) {
  return {
    getCommentPage: (toolId: string, query: CommentPageQuery, reader: CommentReader) =>
      getCommentPage(db, toolId, query, reader, now()),
    postComment: (comment: NewComment) => postComment(db, comment, now()),
    editComment: (commentId: number, author: Author, edit: CommentEdit) =>
      editComment(db, commentId, author, edit, now()),
    deleteComment: (commentId: number, authorId: string) =>
      deleteComment(db, commentId, authorId, now()),
    reportComment: (commentId: number, reporterId: string, reason: string | undefined) =>
      reportComment(db, commentId, reporterId, reason, now()),
    listModerationQueue: (query: ModerationQuery) => listModerationQueue(db, query),
    moderateComment: (actor: Actor, commentId: number, action: ModerationAction) =>
      moderateComment(db, actor, commentId, action, now()),
    setCommentLock: (actor: Actor, toolId: string, isLocked: boolean) =>
      setCommentLock(db, actor, toolId, isLocked, now()),
  };
}
