import { describe, expect, it } from "vitest";
import { findSkippedLines, NOT_AN_ADDRESS } from "~/features/admin/ai-add/skipped-lines";

describe("the lines of the address box that queue nothing", () => {
  it("names a line without an address, with its number and why", () => {
    expect(findSkippedLines("a.example\n\nnot an address\nb.example")).toEqual([
      { line: 3, text: "not an address", reason: NOT_AN_ADDRESS },
    ]);
  });

  it("names an address that will be refused, with the refusal's words", () => {
    expect(findSkippedLines("ftp://files.example/list")).toEqual([
      {
        line: 1,
        text: "ftp://files.example/list",
        reason: "Only http and https addresses are fetched.",
      },
    ]);
  });

  it("skips a first-line header and blank lines without a word, not a header further down", () => {
    expect(findSkippedLines("name,url\n  \nAlpha,alpha.example\nurl")).toEqual([
      { line: 4, text: "url", reason: NOT_AN_ADDRESS },
    ]);
    expect(findSkippedLines("url\r\nalpha.example")).toEqual([]);
  });

  it("names a CSV row whose cells hold no address", () => {
    expect(findSkippedLines("Alpha,alpha.example\nGamma,12.5")).toEqual([
      { line: 2, text: "Gamma,12.5", reason: NOT_AN_ADDRESS },
    ]);
  });
});
