import { useRef, useState } from "react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Dialog } from "~/components/dialog";
import { Spinner } from "~/components/form-controls";
import { LocalDate } from "~/components/local-date";
import { StarRating } from "~/components/star-rating";
import { useToast } from "~/components/toast";
import { deleteComment, editComment, reportComment } from "~/client/api/client";
import type { CommentView, DeletedComment, SavedComment } from "~/lib/api/contract";
import { ApiError } from "~/client/api/request";
import { REPORT_REASON_MAX_LENGTH } from "~/lib/comment-rules";
import { CommentForm } from "./comment-form";

interface CommentItemProps {
  comment: CommentView;
  /** The reader may reply here: a top-level comment, a verified reader, an open tool. */
  canReply: boolean;
  /** The reader is signed in with a verified email (only they can report; the server refuses others). */
  canReport: boolean;
  /** An admin closed the tool's comments: no edits (the server refuses them), deleting stays. */
  isLocked: boolean;
  onReply?: () => void;
  onSaved: (saved: SavedComment) => void;
  onDeleted: (comment: CommentView, answer: DeletedComment) => void;
  onReported: (comment: CommentView) => void;
  /** Replies sit one level under their comment, so their author is a level lower too. */
  isReply?: boolean;
  children?: React.ReactNode;
}

function showFailure(toast: ReturnType<typeof useToast>, error: unknown, fallback: string) {
  toast({
    message: error instanceof ApiError ? error.message : fallback,
    tone: "error",
    durationMs: 5000,
  });
}

const ACTION_CLASS =
  "rounded-md px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60";

/** One comment or reply: who wrote it and when, its text, and what the reader may do with it. */
export function CommentItem({
  comment,
  canReply,
  canReport,
  isLocked,
  onReply,
  onSaved,
  onDeleted,
  onReported,
  isReply = false,
  children,
}: CommentItemProps) {
  const Heading = isReply ? "h4" : "h3";
  const toast = useToast();
  const articleRef = useRef<HTMLElement>(null);
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const [isReporting, setIsReporting] = useState(false);
  const [isSendingReport, setIsSendingReport] = useState(false);
  const [reason, setReason] = useState("");
  const headingId = `comment-${comment.id}-author`;
  const isGone = comment.state === "deleted" || comment.state === "hidden";

  async function onConfirmDelete() {
    // The dialog closes at once, handing the focus back to Delete, which stays busy meanwhile;
    // the page moves the focus on once the comment is gone.
    setIsConfirmingDelete(false);
    setIsDeleting(true);
    try {
      const answer = await deleteComment(comment.id);
      onDeleted(comment, answer);
      toast({ message: "Comment deleted.", durationMs: 3000 });
    } catch (error) {
      showFailure(toast, error, "The comment could not be deleted.");
    } finally {
      setIsDeleting(false);
    }
  }

  async function onSendReport(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // As with Delete: the dialog closes at once and Report stays busy until the answer.
    setIsReporting(false);
    setIsSendingReport(true);
    try {
      await reportComment(comment.id, reason.trim() ? { reason: reason.trim() } : {});
      setReason("");
      // Report gives way to "Reported": the comment takes the focus.
      articleRef.current?.focus();
      onReported(comment);
      toast({ message: "Thank you. The comment was reported.", durationMs: 3000 });
    } catch (error) {
      showFailure(toast, error, "The comment could not be reported.");
    } finally {
      setIsSendingReport(false);
    }
  }

  return (
    <article
      ref={articleRef}
      id={`comment-${comment.id}`}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="rounded-xl focus:outline-2 focus:outline-offset-4 focus:outline-brand-500"
    >
      {isGone ? (
        <p className="text-sm text-slate-500 italic" id={headingId}>
          {comment.state === "deleted" ? "This comment was deleted." : "This comment was hidden."}
        </p>
      ) : (
        <>
          <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <Heading
              id={headingId}
              className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900"
            >
              <bdi>{comment.authorName}</bdi>
            </Heading>
            {comment.isImported && (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                Imported
              </span>
            )}
            <LocalDate value={comment.createdAt} className="text-slate-600" />
            {comment.editedAt && <span className="text-slate-600">(edited)</span>}
            {comment.rating !== null && <StarRating rating={comment.rating} />}
            {comment.state === "held" && (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                Awaiting review
              </span>
            )}
          </header>
          {isEditing && comment.bodyText !== null ? (
            <div className="mt-3">
              <CommentForm
                label="Edit your comment"
                submitLabel="Save changes"
                initialBody={comment.bodyText}
                autoFocus
                submit={({ body }) => editComment(comment.id, { body })}
                onSaved={(saved) => {
                  setIsEditing(false);
                  onSaved(saved);
                  articleRef.current?.focus();
                }}
                onCancel={() => {
                  setIsEditing(false);
                  articleRef.current?.focus();
                }}
              />
            </div>
          ) : (
            <div
              className="prose-tool mt-1 [&_p]:my-1.5 [&_p]:leading-6"
              dangerouslySetInnerHTML={{ __html: comment.bodyHtml }}
            />
          )}
          {!isEditing && (
            <div className="mt-2 flex flex-wrap items-center gap-1">
              {canReply && onReply && (
                <button type="button" className={ACTION_CLASS} onClick={onReply}>
                  Reply
                  <span className="sr-only">
                    {" "}
                    to <bdi>{comment.authorName}</bdi>
                  </span>
                </button>
              )}
              {comment.isOwn && comment.canEdit && !isLocked && comment.bodyText !== null && (
                <button type="button" className={ACTION_CLASS} onClick={() => setIsEditing(true)}>
                  Edit<span className="sr-only"> your comment</span>
                </button>
              )}
              {comment.isOwn && (
                <button
                  type="button"
                  className={`${ACTION_CLASS} inline-flex items-center gap-1.5`}
                  onClick={() => setIsConfirmingDelete(true)}
                  disabled={isDeleting}
                  aria-busy={isDeleting || undefined}
                >
                  {isDeleting && <Spinner />}
                  {isDeleting ? "Deleting..." : "Delete"}
                  <span className="sr-only"> your comment</span>
                </button>
              )}
              {canReport &&
                !comment.isOwn &&
                (comment.isReported ? (
                  <span className="px-2 py-1 text-sm text-slate-500">Reported</span>
                ) : (
                  <button
                    type="button"
                    className={`${ACTION_CLASS} inline-flex items-center gap-1.5`}
                    onClick={() => setIsReporting(true)}
                    disabled={isSendingReport}
                    aria-busy={isSendingReport || undefined}
                  >
                    {isSendingReport && <Spinner />}
                    {isSendingReport ? "Reporting..." : "Report"}
                    <span className="sr-only">
                      {" "}
                      the comment by <bdi>{comment.authorName}</bdi>
                    </span>
                  </button>
                ))}
            </div>
          )}
        </>
      )}
      {children}
      {/* Dialogs only where they can open: a signed-out page carries none. */}
      {comment.isOwn && (
        <ConfirmDialog
          isOpen={isConfirmingDelete}
          onClose={() => setIsConfirmingDelete(false)}
          title="Delete this comment?"
          cancelLabel="Keep it"
          confirmLabel="Delete comment"
          onConfirm={() => void onConfirmDelete()}
        >
          {comment.rating !== null
            ? "Your comment and the rating it carries will be removed. This cannot be undone."
            : "Your comment will be removed. This cannot be undone."}
        </ConfirmDialog>
      )}
      {canReport && !comment.isOwn && !comment.isReported && (
        <Dialog
          isOpen={isReporting}
          onClose={() => setIsReporting(false)}
          title="Report this comment"
        >
          <form onSubmit={(event) => void onSendReport(event)} className="space-y-4">
            <p className="text-slate-700">
              An admin will look at it. Comments reported by several people are hidden until then.
            </p>
            <div>
              <label
                htmlFor={`report-${comment.id}-reason`}
                className="block text-sm font-medium text-slate-800"
              >
                Reason (optional)
              </label>
              <textarea
                id={`report-${comment.id}-reason`}
                value={reason}
                maxLength={REPORT_REASON_MAX_LENGTH}
                onChange={(event) => setReason(event.target.value)}
                rows={3}
                className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
              />
            </div>
            <div className="flex flex-wrap justify-end gap-3">
              <button
                type="button"
                onClick={() => setIsReporting(false)}
                className="rounded-lg px-4 py-2 font-medium text-slate-700 hover:bg-slate-100"
              >
                Cancel
              </button>
              <button
                type="submit"
                className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
              >
                Send report
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </article>
  );
}
