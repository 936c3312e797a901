import { useState } from "react";
import { Spinner } from "~/components/form-controls";
import type {
  CommentPage,
  CommentView,
  DeletedComment,
  RatingSummary,
  SavedComment,
} from "~/lib/api/contract";
import { useViewer } from "~/client/auth/use-viewer";
import { COMMENT_SORT_LABELS, COMMENT_SORTS, type CommentSort } from "~/lib/comment-rules";
import { plural } from "~/lib/tool";
import { CommentComposer } from "./comment-composer";
import { CommentThreadItem } from "./comment-thread-item";
import { RatingSummaryBlock } from "./rating-summary";
import { markReported, removeComment, upsertComment } from "./shown-comments";
import { useCommentFailureToast } from "./use-comment-failure-toast";
import { useCommentPages } from "./use-comment-pages";
import { useLiveComments } from "./use-live-comments";
import { usePendingFocus } from "./use-pending-focus";
import { useRatingChangeNotice } from "./use-rating-change-notice";
import { useViewerRating } from "./use-viewer-rating";

interface CommentsSectionProps {
  toolId: string;
  toolName: string;
  /** The first page, newest first, as the server rendered it. */
  initialPage: CommentPage;
  /** Hears the tool's ratings whenever they change after the first render. */
  onRatingChange?: (rating: RatingSummary) => void;
}

/**
 * The tool's ratings and comments: the first page comes with the page (readable without
 * scripts); sorting, more pages, writing and the live stream's changes happen here.
 */
export function CommentsSection({
  toolId,
  toolName,
  initialPage,
  onRatingChange,
}: CommentsSectionProps) {
  const viewer = useViewer();
  const onFailure = useCommentFailureToast();
  const focusAfterRender = usePendingFocus();
  const pages = useCommentPages(toolId, initialPage, { onFailure, focusAfterRender });
  const { shown, setShown, refreshSoon, isLoading } = pages;
  useLiveComments(toolId, setShown, refreshSoon);
  useRatingChangeNotice(shown.rating, onRatingChange);
  const rating = useViewerRating({ shownRef: pages.shownRef, setShown, refreshSoon, onFailure });
  const [replyingTo, setReplyingTo] = useState<number | null>(null);

  function onSaved(saved: SavedComment) {
    setShown((current) => upsertComment(current, saved));
    focusAfterRender(`comment-${saved.comment.id}`);
    refreshSoon();
  }

  function onDeleted(comment: CommentView, answer: DeletedComment) {
    setShown((current) => removeComment(current, comment, answer));
    focusAfterRender("comments-heading");
    refreshSoon();
  }

  function onSortChange(sort: CommentSort) {
    setReplyingTo(null);
    void pages.onSortChange(sort);
  }

  const hasMore = shown.threads.length < shown.totalThreads;

  return (
    <div className="mt-10 space-y-8">
      <RatingSummaryBlock rating={shown.rating} />
      <section aria-labelledby="comments-heading">
        <h2
          id="comments-heading"
          tabIndex={-1}
          className="text-xl font-semibold text-slate-950 focus:outline-none"
        >
          Comments <span className="font-normal text-slate-600">({shown.commentCount})</span>
        </h2>
        <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
          <CommentComposer
            toolId={toolId}
            toolName={toolName}
            shown={shown}
            rating={rating}
            onSaved={onSaved}
          />
        </div>
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600" aria-live="polite">
            {isLoading ? (
              <span className="inline-flex items-center gap-2">
                <Spinner /> Loading comments...
              </span>
            ) : (
              hasMore &&
              `Showing ${shown.threads.length.toLocaleString("en-US")} of ${plural(shown.totalThreads, "conversation")}`
            )}
          </p>
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            Sort by
            <select
              value={shown.sort}
              onChange={(event) => onSortChange(event.target.value as CommentSort)}
              className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm"
            >
              {COMMENT_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {COMMENT_SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </label>
        </div>
        {shown.threads.length === 0 ? (
          <p className="mt-4 rounded-xl bg-slate-50 px-4 py-6 text-center text-slate-600">
            No comments yet. Be the first to share your experience.
          </p>
        ) : (
          <ul aria-label="Comments" aria-busy={isLoading || undefined} className="mt-2">
            {shown.threads.map((thread) => (
              <CommentThreadItem
                key={thread.id}
                toolId={toolId}
                thread={thread}
                canWrite={Boolean(viewer?.emailVerified) && !shown.isLocked}
                canReport={Boolean(viewer?.emailVerified)}
                isLocked={shown.isLocked}
                isReplying={replyingTo === thread.id}
                onReply={() => setReplyingTo(thread.id)}
                onReplySaved={(saved) => {
                  setReplyingTo(null);
                  onSaved(saved);
                }}
                onReplyCancel={() => {
                  focusAfterRender(`comment-${thread.id}`);
                  setReplyingTo(null);
                }}
                onSaved={onSaved}
                onDeleted={onDeleted}
                onReported={(comment) => setShown((current) => markReported(current, comment))}
              />
            ))}
          </ul>
        )}
        {hasMore && (
          <button
            type="button"
            onClick={() => void pages.onShowMore()}
            disabled={isLoading}
            className="mt-4 inline-flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
          >
            {isLoading && <Spinner />}
            Show more comments
          </button>
        )}
      </section>
    </div>
  );
}
