import { describe, expect, it } from "vitest";
import { z } from "zod";
import { deleteAccountSchema } from "~/lib/account-forms";
import { adminToolsQuerySchema } from "~/lib/admin-tools-query";
import { importQuerySchema, markdownPreviewSchema } from "~/lib/catalogue-import";
import { isPlainText, plainText, shownText } from "~/lib/plain-text";
import { fieldErrorsOf } from "~/lib/field-errors";
import { EMPTY_TOOL_INPUT, fromFormValues, toFormValues, toolInputSchema } from "~/lib/tool-input";
import { toolQuerySchema } from "~/lib/tool-query";
import { readListingQuery } from "~/lib/listing-query.server";
import type { AppServices } from "#server/services.server";

// Text holding control characters is refused at every boundary with a 400, never
// passed on to the database (PostgreSQL text cannot hold U+0000).

const CONTROLS = ["\u0000", "\u0001", "\u0007", "\u001b", "\u001f", "\u007f"];

describe("plain text", () => {
  it.each(CONTROLS)("refuses U+%s in any text", (char) => {
    expect(isPlainText(`a${char}b`)).toBe(false);
    expect(isPlainText(`a${char}b`, { multiline: true })).toBe(false);
  });

  it("takes tabs and line breaks only in multi-line text", () => {
    for (const text of ["one\ntwo", "one\r\ntwo", "one\ttwo"]) {
      expect(isPlainText(text)).toBe(false);
      expect(isPlainText(text, { multiline: true })).toBe(true);
    }
  });

  it("takes every printable character, emoji included, and refuses a lone surrogate", () => {
    expect(isPlainText("Café – naïve 🚀 «x» ½ €")).toBe(true);
    expect(isPlainText("broken \ud83d half")).toBe(false);
    expect(isPlainText("broken \ude80 half")).toBe(false);
  });

  it("is a zod check that names the field", () => {
    const schema = z.object({ title: z.string().check(plainText("The title")) });
    const parsed = schema.safeParse({ title: "a\u0000" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ["title"],
      message: expect.stringMatching(/^The title holds a control character/),
    });
  });

  it("shows refused text with U+FFFD in place of what cannot be stored", () => {
    expect(shownText("Bad\u0000Name\u0007")).toBe("Bad\ufffdName\ufffd");
    expect(shownText("lone \ud83d")).toBe("lone \ufffd");
    expect(shownText("two\nlines 🚀")).toBe("two\nlines 🚀");
  });
});

describe("schemas refuse control characters", () => {
  const tool = { ...fromFormValues(toFormValues(EMPTY_TOOL_INPUT)), name: "Quill Notes" };
  const toolErrors = (values: object) => {
    const parsed = toolInputSchema.safeParse({ ...tool, ...values });
    return parsed.success ? {} : fieldErrorsOf(parsed.error);
  };

  it("in a tool's single-line fields, with the field named", () => {
    expect(Object.keys(toolErrors({ name: "Quill\u0000Notes" }))).toEqual(["name"]);
    expect(Object.keys(toolErrors({ name: "Quill\nNotes" }))).toEqual(["name"]);
    expect(Object.keys(toolErrors({ category: "Sales\u0007" }))).toEqual(["category"]);
    expect(
      Object.keys(toolErrors({ seo: { titleTag: "x\u001b[31m", metaDescription: "" } })),
    ).toEqual(["seo.titleTag"]);
    expect(Object.keys(toolErrors({ hashtags: ["ok", "b\u0000d"] }))).toEqual(["hashtags"]);
    expect(Object.keys(toolErrors({ keyFeatures: ["one\ttwo"] }))).toEqual(["keyFeatures"]);
  });

  it("but keeps line breaks and tabs in descriptions", () => {
    expect(
      toolErrors({
        cardDescription: "Line one\r\nline two",
        longDescription: "# Title\n\n\tcode",
        metaDescription: "one\ntwo",
      }),
    ).toEqual({});
    expect(Object.keys(toolErrors({ longDescription: "# Title\u0000" }))).toEqual([
      "longDescription",
    ]);
  });

  it("in the public tool query, the admin list query, the import options and the account deletion", () => {
    expect(toolQuerySchema.safeParse({ search: "crm\u0000" }).success).toBe(false);
    expect(toolQuerySchema.safeParse({ category: "Sales\u0000" }).success).toBe(false);
    expect(toolQuerySchema.safeParse({ subcategory: ["CRM", "x\u0000"] }).success).toBe(false);
    expect(toolQuerySchema.safeParse({ search: "crm tools" }).success).toBe(true);
    expect(adminToolsQuerySchema.safeParse({ search: "a\u0000b" }).success).toBe(false);
    expect(adminToolsQuerySchema.safeParse({ category: "\u0000" }).success).toBe(false);
    expect(importQuerySchema.safeParse({ format: "csv", name: "x\u0000.csv" }).success).toBe(false);
    expect(markdownPreviewSchema.safeParse({ source: "# a\u0000" }).success).toBe(false);
    expect(markdownPreviewSchema.safeParse({ source: "# a\n\nb" }).success).toBe(true);
    expect(deleteAccountSchema.safeParse({ confirm: "delete\u0000" }).success).toBe(false);
    expect(deleteAccountSchema.safeParse({ password: "pass\u0000word" }).success).toBe(false);
    expect(deleteAccountSchema.safeParse({ confirm: "delete" }).success).toBe(true);
  });

  it("while a listing page searches what is left of a search once its control characters go", () => {
    const services = { getTaxonomy: () => [{ name: "Sales" }] } as unknown as AppServices;
    const query = readListingQuery(
      services,
      new URL("http://localhost/ai-tools?search=crm%00&category=Sales&sort=Newest"),
    );
    expect(query).toMatchObject({ search: "crm", category: "Sales", sort: "Newest" });
  });
});
