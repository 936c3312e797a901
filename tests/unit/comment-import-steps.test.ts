import { describe, expect, it } from "vitest";
import {
  batchFailureReason,
  failedMessage,
  rejectedFileReport,
  succeededMessage,
} from "#server/services/comment-import/comment-import-messages.server";
import { importedCommentRow } from "#server/services/comment-import/comment-row.server";
import { CommentFileError } from "#server/services/comment-import/export-records.server";
import type { ExportPost } from "#server/services/comment-import/export-records.server";
import type { PlannedComment } from "#server/services/comment-import/plan-comment-import.server";
import { zeroCounts } from "#server/services/comment-import/record-comment-import.server";

const STARTED_AT = new Date("2026-03-01T12:00:00Z");

function post(overrides: Partial<ExportPost> = {}): ExportPost {
  return {
    kind: "post",
    key: "p-1",
    line: 7,
    record: "post p-1",
    threadKey: "t-1",
    parentKey: null,
    authorName: "Ada",
    createdAt: new Date("2024-05-06T07:08:09Z"),
    body: "<p>Hello</p>",
    bodyFormat: "html",
    isDeleted: false,
    isSpam: false,
    rating: 4,
    problem: null,
    ...overrides,
  };
}

function planned(overrides: Partial<PlannedComment> = {}): PlannedComment {
  return {
    ordinal: 1,
    toolId: "tool-1",
    rootKey: null,
    isOrphan: false,
    isPlaceholder: false,
    ...overrides,
  };
}

describe("an imported comment's row", () => {
  it("keeps the author, text, rating and date of a top-level comment", () => {
    const row = importedCommentRow(
      { post: post(), planned: planned() },
      "<p>Hello</p>",
      "disqus",
      STARTED_AT,
    );
    expect(row).toMatchObject({
      toolId: "tool-1",
      authorId: null,
      authorName: "Ada",
      bodyHtml: "<p>Hello</p>",
      rating: 4,
      status: "visible",
      source: "disqus",
      externalId: "p-1",
      isOrphan: false,
      createdAt: new Date("2024-05-06T07:08:09Z"),
      updatedAt: new Date("2024-05-06T07:08:09Z"),
    });
  });

  it("drops the rating of a reply", () => {
    const row = importedCommentRow(
      { post: post(), planned: planned({ rootKey: "p-0" }) },
      "<p>Hello</p>",
      "disqus",
      STARTED_AT,
    );
    expect(row.rating).toBeNull();
  });

  it("keeps a deleted comment with replies as a placeholder without author, text or rating", () => {
    const row = importedCommentRow(
      { post: post(), planned: planned({ isPlaceholder: true }) },
      "<p>Hello</p>",
      "disqus",
      STARTED_AT,
    );
    expect(row).toMatchObject({ authorName: "", bodyHtml: "", rating: null, status: "deleted" });
  });

  it("dates a comment from after the import at the import's own time", () => {
    const row = importedCommentRow(
      { post: post({ createdAt: new Date("2031-01-01T00:00:00Z") }), planned: planned() },
      "<p>Hello</p>",
      "disqus",
      STARTED_AT,
    );
    expect(row.createdAt).toEqual(new Date("2026-03-01T12:00:00Z"));
    expect(row.updatedAt).toEqual(new Date("2026-03-01T12:00:00Z"));
  });
});

describe("the comment import's messages", () => {
  it("sums up a dry run without changing anything", () => {
    const counts = {
      ...zeroCounts(),
      toImport: 1200,
      tools: 3,
      threads: 5,
      matchedThreads: 4,
      alreadyImported: 1,
    };
    expect(succeededMessage(true, counts)).toBe(
      "Dry run: 1,200 comments to import into 3 tools; 4 of 5 threads matched a tool; 1 already imported. Nothing has been changed yet.",
    );
  });

  it("sums up a real import", () => {
    const counts = { ...zeroCounts(), imported: 1, tools: 1, threads: 1, matchedThreads: 1 };
    expect(succeededMessage(false, counts)).toBe(
      "Imported 1 comment into 1 tool; 1 of 1 thread matched a tool; 0 already imported.",
    );
  });

  it("tells how much of a stopped import stays and how to continue", () => {
    expect(failedMessage("The batch failed.", 1500)).toBe(
      "The batch failed. The 1,500 comments of the batches before it were imported. Run the import again to continue: imported comments are skipped.",
    );
  });

  it("names the batch and what the database said, without a stack", () => {
    const refused = Object.assign(new Error("value too long"), { code: "22001" });
    const error = new Error("Failed query", { cause: refused });
    expect(batchFailureReason(error, 1001, 1500)).toBe(
      "The batch of comments 1,001 to 1,500 failed (the database refused it: value too long), so nothing of it was imported.",
    );
  });

  it("keeps an error of ours out of the reason", () => {
    expect(batchFailureReason(new TypeError("x is undefined"), 1, 500)).toBe(
      "The batch of comments 1 to 500 failed (an error on our side), so nothing of it was imported.",
    );
  });

  it("turns a refused file into its message and one problem on its line", () => {
    expect(rejectedFileReport(new CommentFileError(12, "the XML is cut short"))).toEqual({
      message: "Line 12: the XML is cut short Nothing was imported.",
      problems: [{ line: 12, record: null, message: "The XML is cut short" }],
    });
  });
});
