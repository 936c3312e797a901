import { describe, expect, it } from "vitest";
import {
  buildSearchIndex,
  searchDocuments,
  type SearchDocument,
} from "#server/search/search-index.server";
import { createSearchDocument as doc } from "../factories";

// Exact and prefix matches rank above typo matches, as a tier above relevance.

function ranked(docs: SearchDocument[], query: string): string[] {
  return searchDocuments(buildSearchIndex(docs), query).map((hit) => docs[hit.doc]!.name);
}

const MOST_POPULAR = { views: 1_000_000, likesTotal: 100, ratingAvg: 5 };

describe("ranking exact over prefix over typo matches", () => {
  it("ranks the whole word, then a word it begins, then a typo, in the same field", () => {
    const docs = [
      doc({ name: "Typo", cardDescription: "Makes a tattoo design." }),
      doc({ name: "Prefix", cardDescription: "Makes a tatoos design." }),
      doc({ name: "Exact", cardDescription: "Makes a tatoo design." }),
    ];
    expect(ranked(docs, "tatoo")).toEqual(["Exact", "Prefix", "Typo"]);
  });

  it("ranks an exact match in the weakest field above a typo match in the most popular name", () => {
    const docs = [
      doc({ name: "Tattoo Studio", ...MOST_POPULAR }),
      doc({ name: "Quiet", seo: { titleTag: "", metaDescription: "A tatoo helper." } }),
    ];
    expect(ranked(docs, "tatoo")).toEqual(["Quiet", "Tattoo Studio"]);
  });

  it("ranks a prefix match above a typo match whatever the popularity", () => {
    const docs = [
      doc({ name: "Invoice Pro", ...MOST_POPULAR }),
      doc({ name: "Quiet", longDescription: "Reads every invocing run." }),
    ];
    // "invoci" begins "invocing"; it is one typo from "invoi", which begins "invoice".
    expect(ranked(docs, "invoci")).toEqual(["Quiet", "Invoice Pro"]);
  });

  it("counts the words matched only with typos: fewer rank higher", () => {
    const docs = [
      doc({ name: "Both typos", ...MOST_POPULAR, cardDescription: "Vidoe prodcution." }),
      doc({ name: "One typo", cardDescription: "Video prodcution." }),
      doc({ name: "No typo", cardDescription: "Video production for teams." }),
    ];
    const hits = searchDocuments(buildSearchIndex(docs), "video production");
    expect(hits.map((hit) => [docs[hit.doc]!.name, hit.typos])).toEqual([
      ["No typo", 0],
      ["One typo", 1],
      ["Both typos", 2],
    ]);
  });

  it("keeps a word's exact match, and its score, when a typo match elsewhere would score more", () => {
    const docs = [
      doc({ name: "Tattoo Ink", longDescription: "The tatoo word, misspelt on purpose." }),
      doc({ name: "Other", longDescription: "The tatoo word, misspelt on purpose." }),
    ];
    const [first, second] = searchDocuments(buildSearchIndex(docs), "tatoo");
    expect(first!.typos).toBe(0);
    // The name's typo match does not lift the first above the equal second: same score.
    expect(first!.relevance).toBeCloseTo(second!.relevance, 10);
  });

  it("still puts an exact name match first", () => {
    const docs = [
      doc({ name: "Tatoo", longDescription: "Exact name." }),
      doc({ name: "Tatoo Studio", ...MOST_POPULAR }),
    ];
    expect(ranked(docs, "tatoo")[0]).toBe("Tatoo");
  });
});
