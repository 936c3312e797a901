import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "~/lib/field-errors";
import { EMPTY_TOOL_INPUT, fromFormValues, toFormValues, toolInputSchema } from "~/lib/tool-input";

// One schema checks a tool in the form, the API and every import row.

const valid = { ...fromFormValues(toFormValues(EMPTY_TOOL_INPUT)), name: "Quill Notes" };

function errorsOf(values: object) {
  const parsed = toolInputSchema.safeParse(values);
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}

describe("toolInputSchema", () => {
  it("stores blank text as no value and an unknown pricing model as null", () => {
    const parsed = toolInputSchema.parse({
      ...valid,
      cardDescription: "  ",
      pricing: { model: "Unknown", amount: "" },
    });
    expect(parsed.cardDescription).toBeNull();
    expect(parsed.pricing).toEqual({ model: null, amount: null });
  });

  it("needs a name", () => {
    expect(errorsOf({ ...valid, name: "   " })).toEqual({ name: "Enter the tool's name." });
  });

  it.each(["javascript:alert(1)", "ftp://files.example", "example.com", "https://"])(
    "refuses %s as a website",
    (websiteUrl) => {
      expect(errorsOf({ ...valid, websiteUrl }).websiteUrl).toBe(
        "Enter a web address that starts with http:// or https://.",
      );
    },
  );

  it("takes http and https websites", () => {
    expect(errorsOf({ ...valid, websiteUrl: "http://quill.example/notes" })).toEqual({});
    expect(errorsOf({ ...valid, websiteUrl: "https://quill.example" })).toEqual({});
  });

  it("needs a category before a subcategory", () => {
    expect(errorsOf({ ...valid, subCategory: "Email" })).toEqual({
      subCategory: "Choose a category before a subcategory.",
    });
  });

  it("trims list items, drops blanks, repeats and the # of hashtags", () => {
    const parsed = toolInputSchema.parse({
      ...valid,
      hashtags: ["#seo", "seo", " ", "##ads", "ads "],
      keyFeatures: [" Fast ", "Fast", "Cheap"],
    });
    expect(parsed.hashtags).toEqual(["seo", "ads"]);
    expect(parsed.keyFeatures).toEqual(["Fast", "Cheap"]);
  });

  it("names a list's problem by the list, not the item", () => {
    expect(errorsOf({ ...valid, hashtags: ["x".repeat(41)] })).toEqual({
      hashtags: "Each hashtag can be at most 40 characters.",
    });
  });

  it("refuses an unknown status or pricing model, with dotted field names", () => {
    expect(
      errorsOf({ ...valid, status: "archived", pricing: { model: "Gratis", amount: "" } }),
    ).toEqual({
      status: "Choose online, draft or offline.",
      "pricing.model": "Choose Free, Freemium, Paid or Unknown.",
    });
  });

  it("takes uploaded image paths and web addresses, nothing else", () => {
    expect(
      errorsOf({ ...valid, image: "uploads/ab12.webp", mainImage: "https://cdn.example/a.png" }),
    ).toEqual({});
    for (const image of ["../../etc/passwd", "http://cdn.example/a.png"]) {
      expect(errorsOf({ ...valid, image }).image).toBe(
        "The card image must be an uploaded image or an https address.",
      );
    }
  });

  it("refuses control characters, and | inside list items (CSV's list separator)", () => {
    expect(errorsOf({ ...valid, name: "a\u0000b", cardDescription: "x\u0000" })).toEqual({
      name: "The name holds a control character or another character that is not allowed.",
      cardDescription:
        "The card description holds a control character or another character that is not allowed.",
    });
    expect(errorsOf({ ...valid, keyFeatures: ["Input | output"] })).toEqual({
      keyFeatures: 'A key feature cannot contain "|".',
    });
  });

  it("limits lengths with the field's name in the message", () => {
    expect(errorsOf({ ...valid, seo: { titleTag: "t".repeat(121), metaDescription: "" } })).toEqual(
      {
        "seo.titleTag": "The SEO title can be at most 120 characters.",
      },
    );
  });

  it("refuses a long description that nests quotes or lists more than 20 levels deep", () => {
    const message = "The long description nests quotes or lists more than 20 levels deep.";
    expect(errorsOf({ ...valid, longDescription: ">".repeat(3000) })).toEqual({
      longDescription: message,
    });
    expect(errorsOf({ ...valid, longDescription: `Intro\n\n${"- ".repeat(21)}deep` })).toEqual({
      longDescription: message,
    });
    const indented = Array.from({ length: 22 }, (_, level) => `${"  ".repeat(level)}- item`);
    expect(errorsOf({ ...valid, longDescription: indented.join("\n") })).toEqual({
      longDescription: message,
    });
  });

  it("keeps ordinary quotes, lists and rules within the nesting limit", () => {
    const ordinary = [
      "> quoted",
      "> > a reply",
      "- one",
      "  - two",
      "    1. three",
      "* * *",
      ">".repeat(20) + " twenty levels",
      "2024. A year, not a list marker here",
    ].join("\n");
    expect(errorsOf({ ...valid, longDescription: ordinary })).toEqual({});
  });
});
