import { describe, expect, it } from "vitest";
import {
  canEditText,
  toCommentView,
  type CommentViewRow,
} from "#server/services/comments/comment-shapes.server";
import { averageOf, generateDemoComments } from "#server/seed/demo-comments.server";
import { createRandom } from "#server/core/seeded-random.server";

const POSTED = new Date("2026-03-01T10:00:00Z");
const minutesLater = (minutes: number) => new Date(POSTED.getTime() + minutes * 60_000);

const row = (overrides: Partial<CommentViewRow> = {}): CommentViewRow => ({
  id: 1,
  parentId: null,
  authorId: "ann",
  authorName: "Ann",
  bodySource: "Hello *there*",
  bodyHtml: "<p>Hello <em>there</em></p>",
  rating: 4,
  status: "visible",
  source: "native",
  createdAt: POSTED,
  editedAt: null,
  ...overrides,
});

describe("the edit window", () => {
  it("lets the author edit for 15 minutes after posting, and not a moment after", () => {
    expect(canEditText(row(), "ann", 0, minutesLater(14.99))).toBe(true);
    expect(canEditText(row(), "ann", 0, minutesLater(15))).toBe(false);
  });

  it("ends with the first reply, and never opens to anyone else", () => {
    expect(canEditText(row(), "ann", 1, minutesLater(1))).toBe(false);
    expect(canEditText(row(), "bob", 0, minutesLater(1))).toBe(false);
  });
});

describe("a comment as a reader sees it", () => {
  const shown = { replyCount: 0, isReported: false, now: minutesLater(1) };

  it("gives its author the text as written while they may edit it", () => {
    expect(toCommentView(row(), { id: "ann" }, shown)).toMatchObject({
      isOwn: true,
      canEdit: true,
      bodyText: "Hello *there*",
    });
    expect(toCommentView(row(), { id: "bob" }, shown)).toMatchObject({
      isOwn: false,
      canEdit: false,
      bodyText: null,
    });
    expect(toCommentView(row(), null, shown)).toMatchObject({ isOwn: false, bodyText: null });
  });

  it.each(["hidden", "deleted"] as const)(
    "shows a %s comment as an empty placeholder",
    (status) => {
      expect(toCommentView(row({ status }), { id: "ann" }, shown)).toMatchObject({
        state: status,
        bodyHtml: "",
        authorName: "",
        rating: null,
        canEdit: false,
        bodyText: null,
      });
    },
  );

  it("marks imported and demo comments as imported", () => {
    expect(toCommentView(row({ source: "disqus" }), null, shown).isImported).toBe(true);
    expect(toCommentView(row({ source: "demo" }), null, shown).isImported).toBe(true);
    expect(toCommentView(row(), null, shown).isImported).toBe(false);
  });
});

describe("demo ratings", () => {
  it("average to 2 decimals, half up, and 0 without ratings", () => {
    expect(averageOf([])).toBe(0);
    expect(averageOf([4, 5])).toBe(4.5);
    expect(averageOf([5, 4, 4])).toBe(4.33);
    expect(averageOf([5, 5, 4])).toBe(4.67);
    expect(averageOf([1, 2, 2, 2, 2, 2, 2, 2])).toBe(1.88);
  });

  it("give a tool the count and average of its rated rows, at most 11", () => {
    const random = createRandom(7);
    const tool = { id: "demo-0001", createdAt: POSTED, newestAt: POSTED.getTime() + 1e9 };
    for (const wanted of [0, 1, 5, 11, 40]) {
      const demo = generateDemoComments(random, tool, wanted, 4.2);
      const ratings = demo.comments.flatMap((comment) => comment.rating ?? []);
      expect(demo.ratingCount).toBe(Math.min(wanted, 11));
      expect(ratings).toHaveLength(demo.ratingCount);
      expect(demo.ratingAvg).toBe(averageOf(ratings));
      for (const reply of demo.comments.filter((comment) => comment.parentExternalId)) {
        expect(reply.rating).toBeNull();
      }
    }
  });
});
