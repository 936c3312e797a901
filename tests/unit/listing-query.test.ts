import { describe, expect, it } from "vitest";
import { readListingQuery, searchOfPage } from "~/lib/listing-query.server";
import { MAX_SEARCH_TEXT_LENGTH } from "~/lib/constants";
import { toolQuerySchema } from "~/lib/tool-query";
import type { AppServices } from "#server/services.server";

// A listing page searches what it can of the URL's search instead of dropping it.

const services = { getTaxonomy: () => [{ name: "Sales" }] } as unknown as AppServices;
const searchAt = (query: string) =>
  readListingQuery(services, new URL(`http://localhost/ai-tools?${query}`)).search;

describe("the search a listing page runs", () => {
  it("is the search as typed when the API would take it", () => {
    expect(searchOfPage("  meeting notes ")).toBe("meeting notes");
    expect(searchOfPage("x".repeat(MAX_SEARCH_TEXT_LENGTH))).toBe("x".repeat(200));
  });

  it("has control characters removed, and tabs and line breaks read as spaces", () => {
    expect(searchOfPage("email\u0000test")).toBe("emailtest");
    expect(searchOfPage("\u001b[31mcrm\u007f")).toBe("[31mcrm");
    expect(searchOfPage("note\ttaker\r\nmeeting")).toBe("note taker  meeting");
    expect(searchOfPage("\u0000\u0001")).toBe("");
  });

  it("is cut to the API's length at the end of the last word that fits", () => {
    const search = searchOfPage("marketing ".repeat(120));
    expect(search).toBe(Array.from({ length: 20 }, () => "marketing").join(" "));
    expect(search.length).toBeLessThanOrEqual(MAX_SEARCH_TEXT_LENGTH);
  });

  it("keeps a word that ends exactly at the cut", () => {
    const fits = `${"a".repeat(194)} video`;
    expect(searchOfPage(`${fits} editing`)).toBe(fits);
  });

  it("is cut inside a word when no word ends near the cut", () => {
    expect(searchOfPage(`transcribe ${"x".repeat(300)}`)).toBe(
      `transcribe ${"x".repeat(MAX_SEARCH_TEXT_LENGTH - 11)}`,
    );
    expect(searchOfPage("x".repeat(1_000))).toBe("x".repeat(MAX_SEARCH_TEXT_LENGTH));
  });

  it("never keeps half of a character at the cut", () => {
    const search = searchOfPage(`${"x".repeat(MAX_SEARCH_TEXT_LENGTH - 1)}😀 more`);
    expect(search).toBe("x".repeat(MAX_SEARCH_TEXT_LENGTH - 1));
  });

  it("is read from the URL this way, while the API schema still refuses the same search", () => {
    const long = "marketing ".repeat(120);
    expect(searchAt(`search=${encodeURIComponent(long)}&category=Sales`)).toBe(searchOfPage(long));
    expect(searchAt("search=email%00test")).toBe("emailtest");
    expect(toolQuerySchema.safeParse({ search: long }).success).toBe(false);
    expect(toolQuerySchema.safeParse({ search: "email\u0000test" }).success).toBe(false);
  });
});
