import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  commentJsonFileSchema,
  readCommentJson,
} from "#server/services/comment-import/read-comment-json.server";
import { CommentFileError } from "#server/services/comment-import/export-records.server";
import { planCommentImport } from "#server/services/comment-import/plan-comment-import.server";
import { readDisqusExport } from "#server/services/comment-import/read-disqus-export.server";
import { disqusExport } from "../comment-exports";

const DOC = readFileSync(new URL("../../docs/comment-import.md", import.meta.url), "utf8");

function jsonBlockAfter(heading: string): unknown {
  const rest = DOC.slice(DOC.indexOf(heading));
  const block = /```json\n([\s\S]*?)\n```/.exec(rest);
  return JSON.parse(block![1]!);
}

async function* bytes(text: string) {
  yield Buffer.from(text);
}

describe("the JSON format", () => {
  it("is documented with the JSON Schema the import checks records with", () => {
    expect(jsonBlockAfter("### JSON Schema")).toEqual(z.toJSONSchema(commentJsonFileSchema));
  });

  it("accepts the documented example", () => {
    expect(commentJsonFileSchema.safeParse(jsonBlockAfter("## JSON format")).success).toBe(true);
  });

  it("reads each record on its own and names the one that breaks the schema", async () => {
    const file = {
      source: "oldblog",
      threads: [{ id: "t1", slug: "beam" }, { id: 7 }],
      comments: [
        {
          id: "c1",
          thread: "t1",
          author: "Ana",
          createdAt: "2021-03-04T10:00:00Z",
          format: "html",
          body: "<p>Hi</p>",
          rating: 6,
        },
        {
          id: "c2",
          thread: "t1",
          author: "Ben",
          createdAt: "yesterday",
          format: "html",
          body: "x",
        },
        {
          id: "c3",
          thread: "t1",
          author: "Cy",
          createdAt: "2021-03-04T10:00:00+01:00",
          format: "markdown",
          body: "*ok*",
        },
      ],
    };
    const { source, records } = await readCommentJson(bytes(JSON.stringify(file)));
    expect(source).toBe("oldblog");
    expect(records.map((record) => [record.record, record.problem])).toEqual([
      ["threads[0]", null],
      ["threads[1]", "id: Invalid input: expected string, received number"],
      ["comments[0]", "rating: Too big: expected number to be <=5"],
      ["comments[1]", "createdAt: Invalid ISO datetime"],
      ["comments[2]", null],
    ]);
    expect(records[4]).toMatchObject({ bodyFormat: "markdown", body: "*ok*" });
  });

  it("refuses invalid JSON, quoting where the parser stopped", async () => {
    const error = await readCommentJson(bytes('{\n  "source": "x",\n  "threads": [,]\n}')).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CommentFileError);
    expect((error as CommentFileError).message).toMatch(
      /the file is not valid JSON \(Unexpected token ','/,
    );
  });

  it("refuses a file without the top-level fields", async () => {
    await expect(readCommentJson(bytes('{ "comments": [] }'))).rejects.toThrow(
      /does not have the comment import format/,
    );
  });
});

describe("planning an import", () => {
  const tool = {
    id: "t-1",
    slug: "jasper-ai",
    name: "Jasper AI",
    category: null,
    subCategory: null,
  };
  const matchAll = (thread: { key: string }) =>
    thread.key === "t-none" ? null : { tool, matchedBy: "id" as const };

  it("nests a deep chain under its top-level comment, keeps a deleted parent of replies as a placeholder, and flags replies without a parent", async () => {
    const xml = disqusExport(
      [{ id: "t1" }, { id: "t-none", link: "https://old.example/unknown" }],
      [
        { id: "4", thread: "t1", parent: "3" },
        { id: "3", thread: "t1", parent: "2" },
        { id: "2", thread: "t1", parent: "1" },
        { id: "1", thread: "t1", isDeleted: true },
        { id: "5", thread: "t1", parent: "404" },
        { id: "6", thread: "t1", parent: "7" },
        { id: "7", thread: "t1", isSpam: true },
        { id: "8", thread: "t1", isDeleted: true },
        { id: "9", thread: "t-none" },
        { id: "10", thread: "t-gone" },
      ],
      { postsFirst: true },
    );
    const plan = await planCommentImport(readDisqusExport(bytes(xml)), matchAll);
    const fate = Object.fromEntries(
      [...plan.comments].map(([key, comment]) => [
        key,
        [comment.rootKey, comment.isOrphan, comment.isPlaceholder],
      ]),
    );
    expect(fate).toEqual({
      "1": [null, false, true],
      "2": ["1", false, false],
      "3": ["1", false, false],
      "4": ["1", false, false],
      "5": [null, true, false],
      "6": [null, true, false],
    });
    expect(plan.counts).toMatchObject({
      threads: 2,
      matchedThreads: 1,
      unmatchedThreads: 1,
      posts: 10,
      skippedSpam: 1,
      skippedDeleted: 1,
      placeholders: 1,
      orphans: 2,
      inUnmatchedThreads: 1,
      invalid: 1,
    });
    expect(plan.problems).toEqual([
      {
        line: null,
        record: "post 10",
        message: "The post names the thread t-gone, which is not in the file.",
      },
    ]);
  });

  it("imports a duplicated post id once and lists the second", async () => {
    const xml = disqusExport(
      [{ id: "t1" }],
      [
        { id: "1", thread: "t1" },
        { id: "1", thread: "t1" },
      ],
    );
    const plan = await planCommentImport(readDisqusExport(bytes(xml)), matchAll);
    expect(plan.comments.size).toBe(1);
    expect(plan.problems[0]!.message).toBe("The post 1 appears twice; the first one is used.");
    expect(plan.problems[0]!.line).toBeGreaterThan(1);
  });
});
