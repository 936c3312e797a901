import { describe, expect, it } from "vitest";
import {
  appendPage,
  markReported,
  removeComment,
  upsertComment,
  type ShownComments,
} from "~/features/comments/shown-comments";
import type { CommentPage, CommentThread, CommentView, RatingSummary } from "~/lib/api/contract";

// How the tool page's comments follow the reader's own writes until the next read.

const rating = (ratingCount: number): RatingSummary => ({
  ratingAvg: ratingCount ? 4 : 0,
  ratingCount,
  histogram: [0, 0, 0, ratingCount, 0],
});

function createComment(overrides: Partial<CommentView> = {}): CommentView {
  return {
    id: 1,
    parentId: null,
    authorName: "Ada",
    isImported: false,
    bodyHtml: "<p>Nice</p>",
    bodyText: "Nice",
    rating: null,
    state: "visible",
    createdAt: "2026-11-24T03:00:00.000Z",
    editedAt: null,
    isOwn: false,
    canEdit: false,
    isReported: false,
    ...overrides,
  };
}

const thread = (overrides: Partial<CommentView> = {}, replies: CommentView[] = []) =>
  ({ ...createComment(overrides), replies }) satisfies CommentThread;

function createShown(threads: CommentThread[], overrides: Partial<ShownComments> = {}) {
  return {
    threads,
    sort: "newest",
    pageSize: 2,
    totalThreads: threads.length,
    commentCount: threads.reduce((sum, item) => sum + 1 + item.replies.length, 0),
    rating: rating(0),
    isLocked: false,
    viewerRating: null,
    pagesShown: 1,
    ...overrides,
  } satisfies ShownComments;
}

describe("the comments a tool page shows", () => {
  it("adds the next page under the shown ones, once each", () => {
    const shown = createShown([thread({ id: 1 }), thread({ id: 2 })], { totalThreads: 3 });
    const next: CommentPage = {
      ...createShown([thread({ id: 2 }), thread({ id: 3 })], { totalThreads: 4 }),
      page: 2,
    };
    const both = appendPage(shown, next);
    expect(both.threads.map((item) => item.id)).toEqual([1, 2, 3]);
    expect(both.pagesShown).toBe(2);
    expect(both.totalThreads).toBe(4);
  });

  it("puts a new comment first and a new reply under its comment, counting both", () => {
    const shown = createShown([thread({ id: 1 })]);
    const withComment = upsertComment(shown, {
      comment: createComment({ id: 5, isOwn: true }),
      rating: rating(0),
    });
    expect(withComment.threads.map((item) => item.id)).toEqual([5, 1]);
    expect(withComment.totalThreads).toBe(2);
    const withReply = upsertComment(withComment, {
      comment: createComment({ id: 6, parentId: 1, isOwn: true }),
      rating: rating(0),
    });
    expect(withReply.threads[1]?.replies.map((reply) => reply.id)).toEqual([6]);
    expect(withReply.totalThreads).toBe(2);
    expect(withReply.commentCount).toBe(3);
  });

  it("moves the reader's one rating to their newest rated comment", () => {
    const shown = createShown([thread({ id: 1, isOwn: true, rating: 2 })], {
      viewerRating: { rating: 2, commentId: 1 },
      rating: rating(1),
    });
    const next = upsertComment(shown, {
      comment: createComment({ id: 2, isOwn: true, rating: 5 }),
      rating: rating(1),
    });
    expect(next.viewerRating).toEqual({ rating: 5, commentId: 2 });
    expect(next.threads.find((item) => item.id === 1)?.rating).toBeNull();
  });

  it("replaces an edited comment where it is, keeping its replies", () => {
    const reply = createComment({ id: 2, parentId: 1 });
    const shown = createShown([thread({ id: 1, isOwn: true }, [reply])]);
    const next = upsertComment(shown, {
      comment: createComment({ id: 1, isOwn: true, bodyHtml: "<p>Changed</p>", editedAt: "x" }),
      rating: rating(0),
    });
    expect(next.threads[0]?.bodyHtml).toBe("<p>Changed</p>");
    expect(next.threads[0]?.replies).toEqual([reply]);
    expect(next.commentCount).toBe(2);
  });

  it("takes a deleted comment away, or leaves a placeholder for its replies", () => {
    const reply = createComment({ id: 2, parentId: 1 });
    const shown = createShown(
      [thread({ id: 1, isOwn: true, rating: 4 }, [reply]), thread({ id: 3 })],
      {
        viewerRating: { rating: 4, commentId: 1 },
        rating: rating(1),
      },
    );
    const placeholder = removeComment(shown, shown.threads[0]!, {
      isPlaceholder: true,
      rating: rating(0),
    });
    expect(placeholder.threads[0]).toMatchObject({ state: "deleted", bodyHtml: "", rating: null });
    expect(placeholder.threads[0]?.replies).toEqual([reply]);
    expect(placeholder.viewerRating).toBeNull();
    expect(placeholder.totalThreads).toBe(2);

    const gone = removeComment(shown, shown.threads[1]!, {
      isPlaceholder: false,
      rating: rating(1),
    });
    expect(gone.threads.map((item) => item.id)).toEqual([1]);
    expect(gone.totalThreads).toBe(1);
  });

  it("marks a reported reply", () => {
    const reply = createComment({ id: 2, parentId: 1 });
    const shown = createShown([thread({ id: 1 }, [reply])]);
    expect(markReported(shown, reply).threads[0]?.replies[0]?.isReported).toBe(true);
  });
});
