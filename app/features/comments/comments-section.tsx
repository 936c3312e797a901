import { useCallback, useEffect, useRef, useState } from "react";
import { useAuthPrompt } from "~/components/auth-prompt";
import { Spinner } from "~/components/form-controls";
import { useToast } from "~/components/toast";
import { editComment, getToolComments, postComment } from "~/lib/api/client";
import type {
  CommentPage,
  CommentThread,
  CommentView,
  DeletedComment,
  RatingSummary,
  SavedComment,
} from "~/lib/api/contract";
import { listenToLiveComments } from "~/lib/api/live-stream";
import { ApiError } from "~/lib/api/request";
import { useViewer } from "~/lib/auth/use-viewer";
import { COMMENT_SORT_LABELS, COMMENT_SORTS, type CommentSort } from "~/lib/comment-rules";
import { plural } from "~/lib/tool";
import { CommentForm } from "./comment-form";
import { CommentItem } from "./comment-item";
import { RatingSummaryBlock } from "./rating-summary";
import { StarPicker } from "./star-picker";
import {
  appendPage,
  markReported,
  removeComment,
  upsertComment,
  type ShownComments,
} from "./shown-comments";

/** Live changes come in bursts (a rating and its comment): read the comments once after them. */
const REFRESH_DELAY_MS = 400;
const RATING_SAVE_DELAY_MS = 600;

interface CommentsSectionProps {
  toolId: string;
  toolName: string;
  /** The first page, newest first, as the server rendered it. */
  initialPage: CommentPage;
  /** Hears the tool's ratings whenever they change after the first render. */
  onRatingChange?: (rating: RatingSummary) => void;
}

const showFrom = (page: CommentPage): ShownComments => ({ ...page, pagesShown: 1 });

/**
 * The tool's ratings and comments (issue 17): the first page comes with the page (readable
 * without scripts); sorting, more pages, writing and the live stream's changes happen here.
 */
export function CommentsSection({
  toolId,
  toolName,
  initialPage,
  onRatingChange,
}: CommentsSectionProps) {
  const viewer = useViewer();
  const openAuth = useAuthPrompt();
  const toast = useToast();
  const [shown, setShown] = useState(() => showFrom(initialPage));
  const [isLoading, setIsLoading] = useState(false);
  const [replyingTo, setReplyingTo] = useState<number | null>(null);
  const [isRatingBusy, setIsRatingBusy] = useState(false);
  /** The rating the reader just picked, until it is saved. */
  const [draftRating, setDraftRating] = useState<{ value: number | null } | null>(null);
  const ratingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The element to focus once the next render shows it (a new comment, the next page). */
  const pendingFocus = useRef<string | null>(null);
  const shownRef = useRef(shown);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reading = useRef<AbortController | null>(null);
  const renderedPage = useRef(initialPage);

  useEffect(() => {
    shownRef.current = shown;
  }, [shown]);

  const ratingHeard = useRef(initialPage.rating);
  useEffect(() => {
    if (shown.rating === ratingHeard.current) return;
    ratingHeard.current = shown.rating;
    onRatingChange?.(shown.rating);
  }, [shown.rating, onRatingChange]);

  useEffect(() => {
    if (!pendingFocus.current) return;
    document.getElementById(pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });

  /** Reads pages 1 to `pages` in `sort` order again; the answer replaces what is shown. */
  const readPages = useCallback(
    async (sort: CommentSort, pages: number): Promise<ShownComments | null> => {
      reading.current?.abort();
      const controller = new AbortController();
      reading.current = controller;
      let result: ShownComments | null = null;
      for (let page = 1; page <= pages; page++) {
        const answer = await getToolComments(toolId, { sort, page }, controller.signal);
        result = result ? appendPage(result, answer) : showFrom(answer);
        if (answer.threads.length < answer.pageSize) break;
      }
      return controller.signal.aborted ? null : result;
    },
    [toolId],
  );

  const refreshSoon = useCallback(() => {
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => {
      const { sort, pagesShown } = shownRef.current;
      readPages(sort, pagesShown).then(
        (fresh) => fresh && setShown(fresh),
        (error: unknown) => {
          if (!(error instanceof DOMException && error.name === "AbortError")) {
            console.warn("Reading the comments again failed", error);
          }
        },
      );
    }, REFRESH_DELAY_MS);
  }, [readPages]);

  useEffect(
    () =>
      listenToLiveComments((change) => {
        if (change.toolId !== toolId) return;
        setShown((current) => ({
          ...current,
          commentCount: change.commentCount,
          rating: {
            ...current.rating,
            ratingAvg: change.ratingAvg,
            ratingCount: change.ratingCount,
          },
        }));
        refreshSoon();
      }),
    [toolId, refreshSoon],
  );

  useEffect(
    () => () => {
      clearTimeout(refreshTimer.current);
      clearTimeout(ratingTimer.current);
      reading.current?.abort();
    },
    [],
  );

  // The page's data was read again (the reader signed in or out): what each comment lets them do
  // changed, so read the comments shown again, in the reader's order.
  useEffect(() => {
    if (renderedPage.current === initialPage) return;
    renderedPage.current = initialPage;
    refreshSoon();
  }, [initialPage, refreshSoon]);

  function onFailure(error: unknown, fallback: string) {
    if (error instanceof DOMException && error.name === "AbortError") return;
    toast({
      message: error instanceof ApiError ? error.message : fallback,
      tone: "error",
      durationMs: 5000,
    });
  }

  async function onSortChange(sort: CommentSort) {
    setIsLoading(true);
    setReplyingTo(null);
    try {
      const fresh = await readPages(sort, 1);
      if (fresh) setShown(fresh);
    } catch (error) {
      onFailure(error, "The comments could not be loaded.");
    } finally {
      setIsLoading(false);
    }
  }

  async function onShowMore() {
    const { sort, pagesShown } = shown;
    setIsLoading(true);
    try {
      const next = await getToolComments(toolId, { sort, page: pagesShown + 1 });
      const firstNew = next.threads.find(
        (thread) => !shown.threads.some((known) => known.id === thread.id),
      );
      setShown((current) => appendPage(current, next));
      if (firstNew) pendingFocus.current = `comment-${firstNew.id}`;
    } catch (error) {
      onFailure(error, "More comments could not be loaded.");
    } finally {
      setIsLoading(false);
    }
  }

  function onSaved(saved: SavedComment) {
    setShown((current) => upsertComment(current, saved));
    pendingFocus.current = `comment-${saved.comment.id}`;
    refreshSoon();
  }

  function onDeleted(comment: CommentView, answer: DeletedComment) {
    setShown((current) => removeComment(current, comment, answer));
    pendingFocus.current = "comments-heading";
    refreshSoon();
  }

  /** Arrow keys move through the stars: save the one the reader stops at. */
  function onRatingPick(rating: number | null) {
    setDraftRating({ value: rating });
    clearTimeout(ratingTimer.current);
    ratingTimer.current = setTimeout(() => void saveRating(rating), RATING_SAVE_DELAY_MS);
  }

  async function saveRating(rating: number | null) {
    const carrier = shownRef.current.viewerRating;
    if (!carrier) return;
    setIsRatingBusy(true);
    try {
      const saved = await editComment(carrier.commentId, { rating });
      setShown((current) => upsertComment(current, saved));
      toast({
        message: rating === null ? "Your rating was removed." : "Your rating was saved.",
        durationMs: 3000,
      });
      refreshSoon();
    } catch (error) {
      onFailure(error, "Your rating could not be saved.");
    } finally {
      setIsRatingBusy(false);
      setDraftRating(null);
    }
  }

  const canWrite = Boolean(viewer?.emailVerified) && !shown.isLocked;
  const hasMore = shown.threads.length < shown.totalThreads;

  function renderThread(thread: CommentThread) {
    const commonProps = {
      canReport: Boolean(viewer?.emailVerified),
      isLocked: shown.isLocked,
      onSaved,
      onDeleted,
      onReported: (comment: CommentView) => setShown((current) => markReported(current, comment)),
    };
    const isOpenForReplies = canWrite && thread.state === "visible";
    return (
      <li key={thread.id} className="border-t border-slate-200 py-5 first:border-t-0">
        <CommentItem
          {...commonProps}
          comment={thread}
          canReply={isOpenForReplies}
          onReply={() => setReplyingTo(thread.id)}
        >
          {thread.replies.length > 0 && (
            <ul
              aria-label={`Replies to ${thread.authorName}`}
              className="mt-4 space-y-4 border-l-2 border-slate-200 pl-4 sm:ml-2"
            >
              {thread.replies.map((reply) => (
                <li key={reply.id}>
                  <CommentItem {...commonProps} comment={reply} canReply={false} isReply />
                </li>
              ))}
            </ul>
          )}
          {replyingTo === thread.id && isOpenForReplies && (
            <div className="mt-4 border-l-2 border-brand-200 pl-4 sm:ml-2">
              <CommentForm
                label={`Reply to ${thread.authorName}`}
                submitLabel="Post reply"
                hasHoneypot
                autoFocus
                submit={(input) => postComment(toolId, { ...input, parentId: thread.id })}
                onSaved={(saved) => {
                  setReplyingTo(null);
                  onSaved(saved);
                }}
                onCancel={() => {
                  pendingFocus.current = `comment-${thread.id}`;
                  setReplyingTo(null);
                }}
              />
            </div>
          )}
        </CommentItem>
      </li>
    );
  }

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
          {!viewer ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-slate-700">Share your experience with {toolName}.</p>
              <button
                type="button"
                onClick={() => openAuth("signin")}
                className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
              >
                Sign in to comment
              </button>
            </div>
          ) : !viewer.emailVerified ? (
            <p className="text-slate-700">
              Verify your email address to comment and rate.{" "}
              <a href="/verify-email" className="font-semibold text-brand-700 underline">
                Open email verification
              </a>
            </p>
          ) : shown.isLocked ? (
            <p className="text-slate-700">Comments are closed for this tool.</p>
          ) : (
            <div className="space-y-5">
              {shown.viewerRating && (
                <StarPicker
                  legend="Your rating"
                  value={draftRating ? draftRating.value : shown.viewerRating.rating}
                  onChange={onRatingPick}
                  isBusy={isRatingBusy}
                />
              )}
              <CommentForm
                label="Your comment"
                submitLabel="Post comment"
                hasRating={!shown.viewerRating}
                hasHoneypot
                submit={(input) => postComment(toolId, input)}
                onSaved={onSaved}
              />
            </div>
          )}
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
              onChange={(event) => void onSortChange(event.target.value as CommentSort)}
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
            {shown.threads.map(renderThread)}
          </ul>
        )}
        {hasMore && (
          <button
            type="button"
            onClick={() => void onShowMore()}
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
