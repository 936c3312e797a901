import { describe, expect, it } from "vitest";
import { markdownPreviewSchema } from "~/lib/catalogue-import";
import { fieldErrorsOf } from "~/lib/field-errors";
import { markdownNesting } from "~/lib/markdown-nesting";
import { planImport } from "#server/services/import-export/plan-import.server";
import { readCatalogueFile } from "#server/services/import-export/read-catalogue-file.server";

// Quotes and lists nested past 20 levels are refused wherever Markdown comes in, because the
// renderer recurses once per level and a few thousand levels overflow its stack.

describe("markdownNesting", () => {
  it("counts quote markers, list markers and list indentation", () => {
    expect(markdownNesting("Plain text\n\nMore")).toBe(0);
    expect(markdownNesting("> > quoted twice")).toBe(2);
    expect(markdownNesting(">>> three")).toBe(3);
    expect(markdownNesting("- a\n  - b\n    - c")).toBe(3);
    expect(markdownNesting("1. one\n2) two")).toBe(1);
    expect(markdownNesting("**bold** and -dash and 3.5 apples")).toBe(0);
  });

  it("stops counting just past the limit, however long the line", () => {
    expect(markdownNesting(">".repeat(20_000))).toBe(21);
    expect(markdownNesting("- ".repeat(10_000), 5)).toBe(6);
  });
});

describe("the Markdown preview and the import refuse over-nested Markdown", () => {
  it("refuses the preview with a field message", () => {
    const parsed = markdownPreviewSchema.safeParse({ source: ">".repeat(2000) });
    expect(parsed.success).toBe(false);
    expect(parsed.success ? {} : fieldErrorsOf(parsed.error)).toEqual({
      source: "The Markdown nests quotes or lists more than 20 levels deep.",
    });
    expect(markdownPreviewSchema.safeParse({ source: "> a\n\n- b" }).success).toBe(true);
  });

  it("rejects an import row whose long description is nested too deep", () => {
    const reading = readCatalogueFile(
      JSON.stringify([{ name: "Deep Quote", longDescription: ">".repeat(3000) }]),
      "json",
    );
    if (!reading.ok) throw new Error(reading.message);
    const plan = planImport(reading.rows, []);
    expect(plan.writes).toEqual([]);
    expect(plan.rejected).toEqual([
      {
        row: 1,
        name: "Deep Quote",
        reasons: [
          "longDescription: The long description nests quotes or lists more than 20 levels deep.",
        ],
      },
    ]);
  });
});
