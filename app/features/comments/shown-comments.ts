import type {
  CommentPage,
  CommentThread,
  CommentView,
  DeletedComment,
  SavedComment,
} from "~/lib/api/contract";

// The comments a tool page shows, and how the reader's own writes change them until the next
// read from the server (which the page does soon after each write).

export interface ShownComments extends Omit<CommentPage, "page"> {
  /** Pages 1 to this one are shown, in `sort` order. */
  pagesShown: number;
}

/** The next page under the ones shown; a thread already shown (moved by new comments) stays once. */
export function appendPage(shown: ShownComments, next: CommentPage): ShownComments {
  const known = new Set(shown.threads.map((thread) => thread.id));
  return {
    ...next,
    threads: [...shown.threads, ...next.threads.filter((thread) => !known.has(thread.id))],
    pagesShown: Math.max(shown.pagesShown, next.page),
  };
}

const withoutRating = (comment: CommentView): CommentView =>
  comment.rating === null ? comment : { ...comment, rating: null };

function mapComments(
  threads: CommentThread[],
  change: (comment: CommentView) => CommentView,
): CommentThread[] {
  return threads.map((thread) => ({
    ...thread,
    ...change(thread),
    replies: thread.replies.map(change),
  }));
}

/**
 * A comment the reader posted or changed, as the server answered: replaced where it is shown, or
 * added (a reply under its comment, a new comment first). A rated comment of theirs now carries
 * their one rating of the tool, so an older one no longer does.
 */
export function upsertComment(shown: ShownComments, { comment, rating }: SavedComment) {
  const isShown = shown.threads.some(
    (thread) => thread.id === comment.id || thread.replies.some((reply) => reply.id === comment.id),
  );
  let threads = shown.threads;
  if (comment.isOwn && comment.rating !== null) {
    threads = mapComments(threads, (other) =>
      other.isOwn && other.id !== comment.id ? withoutRating(other) : other,
    );
  }
  if (isShown) {
    threads = mapComments(threads, (other) => (other.id === comment.id ? comment : other));
  } else if (comment.parentId !== null) {
    threads = threads.map((thread) =>
      thread.id === comment.parentId
        ? { ...thread, replies: [...thread.replies, comment] }
        : thread,
    );
  } else {
    threads = [{ ...comment, replies: [] }, ...threads];
  }
  const carriesRating = comment.isOwn && comment.rating !== null;
  const wasCarrier = shown.viewerRating?.commentId === comment.id;
  return {
    ...shown,
    threads,
    rating,
    totalThreads: shown.totalThreads + (!isShown && comment.parentId === null ? 1 : 0),
    commentCount: shown.commentCount + (isShown ? 0 : 1),
    viewerRating: carriesRating
      ? { rating: comment.rating!, commentId: comment.id }
      : wasCarrier
        ? null
        : shown.viewerRating,
  };
}

/** The reader deleted a comment: gone, or a placeholder when replies hang under it. */
export function removeComment(
  shown: ShownComments,
  comment: CommentView,
  { isPlaceholder, rating }: DeletedComment,
): ShownComments {
  const placeholder = (other: CommentView): CommentView =>
    other.id === comment.id
      ? { ...other, state: "deleted", bodyHtml: "", bodyText: null, rating: null, canEdit: false }
      : other;
  const threads = isPlaceholder
    ? mapComments(shown.threads, placeholder)
    : shown.threads
        .filter((thread) => thread.id !== comment.id)
        .map((thread) => ({
          ...thread,
          replies: thread.replies.filter((reply) => reply.id !== comment.id),
        }));
  const isTopLevel = comment.parentId === null;
  return {
    ...shown,
    threads,
    rating,
    totalThreads: shown.totalThreads - (isTopLevel && !isPlaceholder ? 1 : 0),
    commentCount: Math.max(0, shown.commentCount - 1),
    viewerRating: shown.viewerRating?.commentId === comment.id ? null : shown.viewerRating,
  };
}

export function markReported(shown: ShownComments, comment: CommentView): ShownComments {
  return {
    ...shown,
    threads: mapComments(shown.threads, (other) =>
      other.id === comment.id ? { ...other, isReported: true } : other,
    ),
  };
}
