import { describe, expect, it } from "vitest";
import { MAX_SEARCH_RESULTS } from "~/lib/constants";
import {
  buildSearchIndex,
  countDocuments,
  searchDocuments,
  type SearchDocument,
} from "#server/search/search-index.server";
import { createSearchDocument as doc } from "../factories";

const docs: SearchDocument[] = [
  doc({ name: "Email Writer", cardDescription: "Writes every email." }),
  doc({ name: "Mail Merge", cardDescription: "Sends a mail to each row." }),
  doc({ name: "Resume Builder", cardDescription: "Builds a resume in minutes." }),
  doc({ name: "Note Taker", cardDescription: "Takes meeting notes." }),
  doc({ name: "Notetaker Pro", cardDescription: "Summaries of calls." }),
  doc({ name: "Tattoo Studio", cardDescription: "Tattoo designs." }),
  doc({ name: "Video Editor", cardDescription: "Cuts video." }),
];
const index = buildSearchIndex(docs);

describe("counting the documents a search finds", () => {
  it.each([
    ["email"],
    ["e mail"],
    ["mail"],
    ["cv"],
    ["note taker"],
    ["tatoo"],
    ["vidoe editor"],
    ["notes meeting takes"],
    ["xqzvy"],
    ["e"],
  ])("counts what searchDocuments finds for %j, every reading's documents once", (text) => {
    expect(countDocuments(index, text)).toBe(searchDocuments(index, text).length);
  });

  it("counts past the result cap", () => {
    const many = Array.from({ length: MAX_SEARCH_RESULTS + 250 }, (_, k) =>
      doc({ name: `Writer ${k}`, cardDescription: "Writes posts." }),
    );
    const big = buildSearchIndex(many);
    expect(searchDocuments(big, "writes")).toHaveLength(MAX_SEARCH_RESULTS);
    expect(countDocuments(big, "writes")).toBe(MAX_SEARCH_RESULTS + 250);
  });

  it("leaves nothing behind that changes the next search", () => {
    const before = searchDocuments(index, "note taker");
    countDocuments(index, "note taker");
    countDocuments(index, "notes");
    expect(searchDocuments(index, "note taker")).toEqual(before);
  });
});
