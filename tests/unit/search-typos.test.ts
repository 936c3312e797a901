import { describe, expect, it } from "vitest";
import {
  buildSearchIndex,
  searchDocuments,
  type SearchDocument,
} from "#server/search/search-index.server";
import { createSearchDocument } from "../factories";

// A query word forgives typos by its length (1 from 5 letters, 2 from 9), and a swap of
// two neighbouring letters counts one. Exact and prefix matches above typo matches: see
// search-ranking.test.ts.

/** A tool whose only searched words are its name's and its card description's. */
function tool(name: string, cardDescription: string) {
  return createSearchDocument({
    name,
    category: null,
    subCategory: null,
    cardDescription,
  });
}

/** [name, typos] of each hit, best first. */
function found(docs: SearchDocument[], query: string): [string, number][] {
  return searchDocuments(buildSearchIndex(docs), query).map((hit) => [
    docs[hit.doc]!.name,
    hit.typos,
  ]);
}

describe("typos forgiven by the query word's length", () => {
  const docs = [
    tool("Inkwell", "An AI tattoo generator."),
    tool("Mailbox", "Writes every email for you."),
    tool("Clipper", "Edits a video in minutes."),
    tool("Finder", "Desk research done for you."),
    tool("Growth", "Marketing for small shops."),
  ];

  it("forgives a word of four letters no typo, but still matches its beginning", () => {
    expect(found(docs, "tatt")).toEqual([["Inkwell", 0]]);
    expect(found(docs, "tato")).toEqual([]);
    expect(found(docs, "emal")).toEqual([]);
    expect(found(docs, "vdeo")).toEqual([]);
  });

  it("forgives a word of five letters one typo", () => {
    expect(found(docs, "tatoo")).toEqual([["Inkwell", 1]]);
    expect(found(docs, "emial")).toEqual([["Mailbox", 1]]);
    expect(found(docs, "vidoe")).toEqual([["Clipper", 1]]);
    expect(found(docs, "tatoo generator")).toEqual([["Inkwell", 1]]);
  });

  it("forgives a word of five letters no second typo", () => {
    expect(found(docs, "vydeu")).toEqual([]);
  });

  it("forgives a word of eight letters one typo but not two", () => {
    expect(found(docs, "reseerch")).toEqual([["Finder", 1]]);
    expect(found(docs, "reseerkh")).toEqual([]);
  });

  it("forgives a word of nine letters two typos but not three", () => {
    expect(found(docs, "marketimg")).toEqual([["Growth", 1]]);
    expect(found(docs, "narketimg")).toEqual([["Growth", 1]]);
    expect(found(docs, "narketimk")).toEqual([]);
  });

  it("counts two neighbouring letters swapped as one typo", () => {
    const swapped = [tool("Builder", "A no-code app builder."), tool("Keeper", "Scans a receipt.")];
    expect(found(swapped, "bulider")).toEqual([["Builder", 1]]);
    expect(found(swapped, "reciept")).toEqual([["Keeper", 1]]);
    expect(found(swapped, "no-code bulider")).toEqual([["Builder", 1]]);
  });
});

describe("a misspelt form of a word", () => {
  it("finds the word's family through its stem, with the stem's own typo allowance", () => {
    const docs = [
      tool("Inkwell", "An AI tattoo generator."),
      tool("Studio", "Designs tattoos."),
      tool("Mailbox", "Writes every email for you."),
    ];
    // "tatoos" is one typo from "tattoos"; its stem "tatoo" is one typo from "tattoo".
    expect(found(docs, "tatoos")).toEqual([
      ["Studio", 1],
      ["Inkwell", 1],
    ]);
    expect(found(docs, "emials")).toEqual([["Mailbox", 1]]);
  });

  it("does not walk a stem too short to forgive a typo", () => {
    // "wirters" is cut to "wirt", four letters, which "with" is one typo from.
    expect(found([tool("Helper", "Works with you.")], "wirters")).toEqual([]);
  });
});
