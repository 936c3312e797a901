import { describe, expect, it } from "vitest";
import { jsonBoundsProblem } from "#server/core/json-bounds.server";
import {
  CommentFileError,
  DEFAULT_READ_LIMITS,
} from "#server/services/comment-import/export-records.server";
import { readCommentJson } from "#server/services/comment-import/read-comment-json.server";
import { readDisqusExport } from "#server/services/comment-import/read-disqus-export.server";
import { readThreadMapping } from "#server/services/comment-import/read-thread-mapping.server";
import { readCatalogueFile } from "#server/services/import-export/read-catalogue-file.server";
import { DISQUS_HEADER, deepDisqusExport, disqusExport } from "../comment-exports";

// Every XML and JSON reader caps nesting and the number of elements, and says which
// limit a file went past (a 413 at the route). The caps are counted before or while reading, so a
// file far past them costs only its first levels or one scan without parsing.

async function* chunksOf(text: string) {
  const bytes = Buffer.from(text);
  for (let start = 0; start < bytes.length; start += 1024)
    yield bytes.subarray(start, start + 1024);
}

async function refusalOf(promise: Promise<unknown>): Promise<CommentFileError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CommentFileError);
  return error as CommentFileError;
}

async function readDisqus(text: string, limits = DEFAULT_READ_LIMITS) {
  let records = 0;
  for await (const _record of readDisqusExport(chunksOf(text), limits)) records++;
  return records;
}

describe("jsonBoundsProblem", () => {
  const bounds = { maxDepth: 3, maxValues: 5 };

  it("accepts what is within both bounds", () => {
    expect(jsonBoundsProblem('{"a":[1,{"b":2}]}', bounds)).toBeNull();
    expect(jsonBoundsProblem("7", bounds)).toBeNull();
  });

  it("names the depth past the bound", () => {
    expect(jsonBoundsProblem("[[[[1]]]]", bounds)).toBe("is nested deeper than 3 levels");
  });

  it("names the count of values past the bound, containers included", () => {
    expect(jsonBoundsProblem("[1,2,3,4,5]", bounds)).toBe("has more than 5 values");
    expect(jsonBoundsProblem("[[],[],[]]", bounds)).toBe("has more than 5 values");
  });

  it("does not count brackets, braces or commas inside strings, escaped quotes included", () => {
    expect(jsonBoundsProblem('["[[[[,,,,,", "\\"[[[[,,,,"]', bounds)).toBeNull();
  });
});

describe("the Disqus reader's caps", () => {
  it("refuses a file nested past the depth cap as too large, at the level it passes", async () => {
    const error = await refusalOf(readDisqus(deepDisqusExport(100_000)));
    expect(error.code).toBe("TOO_LARGE");
    expect(error.message).toBe("Line 8: the file is nested deeper than 16 levels.");
  });

  it("reads an export of ordinary depth", async () => {
    const file = disqusExport(
      [{ id: "t1", link: "https://old.example/a" }],
      [{ id: "p1", thread: "t1", message: "<p>Hi</p>" }],
    );
    expect(await readDisqus(file)).toBe(2);
  });

  it("refuses a file of more elements than the cap, however flat", async () => {
    const flat = `${DISQUS_HEADER}  <category dsq:id="1">${"<x/>".repeat(200)}</category>\n</disqus>\n`;
    const error = await refusalOf(readDisqus(flat, { ...DEFAULT_READ_LIMITS, maxElements: 100 }));
    expect(error.code).toBe("TOO_LARGE");
    expect(error.message).toMatch(/the file has more than 100 elements\.$/);
  });
});

describe("the JSON readers' caps", () => {
  const deep = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

  it("refuses a comment file nested or filled past the caps before parsing it", async () => {
    const nested = `{"source":"x","threads":[],"comments":[${deep(20)}]}`;
    const deepError = await refusalOf(readCommentJson(chunksOf(nested)));
    expect(deepError.code).toBe("TOO_LARGE");
    expect(deepError.message).toBe("The file is nested deeper than 16 levels.");
    const wide = `{"source":"x","threads":[],"comments":[${"0,".repeat(50)}0]}`;
    const wideError = await refusalOf(
      readCommentJson(chunksOf(wide), { ...DEFAULT_READ_LIMITS, maxElements: 50 }),
    );
    expect(wideError.message).toBe("The file has more than 50 values.");
  });

  it("refuses a thread mapping nested past what either of its shapes needs", () => {
    expect(() => readThreadMapping("map.json", `{"/a":${deep(4)}}`)).toThrow(
      "The mapping file map.json is nested deeper than 4 levels.",
    );
    expect(readThreadMapping("map.json", '{"/a":"tool-a"}')).toHaveLength(1);
  });

  it("refuses a catalogue file nested past its shape as over a limit", () => {
    expect(readCatalogueFile(`[{"name":"A","pricing":${deep(8)}}]`, "json")).toEqual({
      ok: false,
      isOverLimit: true,
      message: "The file is nested deeper than 8 levels.",
    });
    expect(readCatalogueFile('[{"name":"A","pricing":{"model":"Free"}}]', "json")).toMatchObject({
      ok: true,
    });
  });
});
