import { describe, expect, it } from "vitest";
import { isBlankText, normaliseCommentText } from "~/lib/comment-rules";
import { newCommentSchema } from "~/lib/comments";
import { authorNameOf } from "#server/services/comment-import/export-records.server";
import { sanitizeCommentHtml } from "#server/services/comments/comment-html.server";

const bodyError = (body: string) => {
  const parsed = newCommentSchema.safeParse({ body });
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe("comment text that shows nothing", () => {
  it.each([
    ["zero-width spaces", "\u200B\u200B\u200B"],
    ["a Hangul filler", "\u3164\u3164"],
    ["grapheme joiners", "\u034F\u034F"],
    ["variation selectors", "\uFE0F\uFE0F\uFE0F"],
    ["combining accents without a letter", " \u0301\u0301 "],
  ])("is blank when made of %s, and refused", (_name, text) => {
    expect(isBlankText(text)).toBe(true);
    expect(bodyError(text)).toBe("Write a comment.");
  });

  it("keeps letters that carry combining marks", () => {
    expect(isBlankText("e\u0301e\u0301")).toBe(false);
    expect(bodyError("e\u0301e\u0301")).toBeNull();
  });

  it("refuses control characters", () => {
    expect(bodyError("hello\u0000there")).toMatch(/control character/);
  });
});

describe("bidi controls", () => {
  it("are dropped from a comment, so a right-to-left override cannot disguise its text", () => {
    expect(normaliseCommentText("\u202Egnp.exe safe text\u202C")).toBe("gnp.exe safe text");
    expect(normaliseCommentText("a\u2066b\u2069c")).toBe("abc");
  });

  it("are dropped from imported HTML and imported author names", () => {
    expect(sanitizeCommentHtml("<p>\u202Etxet</p>")).toBe("<p>txet</p>");
    expect(authorNameOf("\u202ENimda")).toBe("Nimda");
  });
});
