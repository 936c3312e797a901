import { describe, expect, it } from "vitest";
import { MIN_SEARCH_LENGTH } from "~/lib/constants";
import {
  buildSearchIndex,
  searchDocuments,
  type SearchDocument,
} from "#server/search/search-index.server";
import { LONGEST_SYNONYM, SYNONYM_GROUPS, synonymsOf } from "#server/search/synonyms.server";
import { queryTokens } from "#server/search/tokenize.server";
import { createSearchDocument as doc } from "../factories";

const ENTRIES = SYNONYM_GROUPS.flat();

describe("the synonym list", () => {
  it("holds groups of two or more entries", () => {
    for (const group of SYNONYM_GROUPS) expect(group.length).toBeGreaterThanOrEqual(2);
  });

  it("writes every entry as the query tokenizer reads it: lower-case words of 2+ characters", () => {
    for (const entry of ENTRIES) {
      expect(queryTokens(entry).join(" ")).toBe(entry);
      for (const word of entry.split(" ")) {
        expect(word.length).toBeGreaterThanOrEqual(MIN_SEARCH_LENGTH);
      }
    }
  });

  it("lists each entry once: no group shares an entry with another", () => {
    expect(new Set(ENTRIES).size).toBe(ENTRIES.length);
  });

  it("gives each entry the other entries of its group, both ways", () => {
    expect(synonymsOf("hr")).toEqual([["human", "resources"]]);
    expect(synonymsOf("human resources")).toEqual([["hr"]]);
    expect(synonymsOf("resume")).toEqual([["cv"], ["curriculum", "vitae"]]);
    expect(synonymsOf("nothing like it")).toEqual([]);
    expect(LONGEST_SYNONYM).toBe(Math.max(...ENTRIES.map((entry) => entry.split(" ").length)));
  });

  it("leaves out words with an everyday meaning besides the business one", () => {
    for (const word of ["ai", "pr", "it", "ad"]) expect(ENTRIES).not.toContain(word);
  });
});

describe("searching with synonyms", () => {
  const docs: SearchDocument[] = [
    doc({ name: "Hire Well", cardDescription: "Screens every resume in seconds." }),
    doc({ name: "People First", cardDescription: "Human resources software for payroll." }),
    doc({ name: "Reader", cardDescription: "Optical character recognition for receipts." }),
    doc({ name: "Plain Tool" }),
  ];
  const index = buildSearchIndex(docs);
  const namesFor = (query: string) =>
    searchDocuments(index, query).map((hit) => docs[hit.doc]!.name);

  it("finds resume tools for cv and human resources tools for hr", () => {
    expect(namesFor("cv")).toEqual(["Hire Well"]);
    expect(namesFor("cv screening")).toEqual(["Hire Well"]);
    expect(namesFor("hr")).toEqual(["People First"]);
    expect(namesFor("hr software")).toEqual(["People First"]);
    expect(namesFor("ocr receipts")).toEqual(["Reader"]);
  });

  it("ranks a tool that has the typed word above one that has its synonym", () => {
    const both = [
      doc({ name: "Synonym", cardDescription: "Resume checks." }),
      doc({ name: "Typed", cardDescription: "CV checks." }),
    ];
    const hits = searchDocuments(buildSearchIndex(both), "cv");
    expect(hits.map((hit) => both[hit.doc]!.name)).toEqual(["Typed", "Synonym"]);
  });
});
