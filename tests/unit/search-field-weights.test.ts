import { describe, expect, it } from "vitest";
import {
  buildSearchIndex,
  searchDocuments,
  type SearchDocument,
} from "#server/search/search-index.server";
import { createSearchDocument } from "../factories";

// Each field's weight, as literals. A tool with no popularity that matches the query word
// whole in one field only scores 70% of that field's weight over the name's (8): only that
// field's weight decides the score.

const WORD = "zeppelin";

const TOOLS_WITH_THE_WORD_IN: [field: string, weight: number, tool: SearchDocument][] = [
  ["name", 8, createSearchDocument({ name: `${WORD} maker` })],
  ["category", 4, createSearchDocument({ category: WORD })],
  ["subCategory", 3.5, createSearchDocument({ category: "Sales", subCategory: WORD })],
  ["cardDescription", 2, createSearchDocument({ cardDescription: `Flies a ${WORD}.` })],
  ["hashtags", 1.5, createSearchDocument({ hashtags: [WORD] })],
  ["keyFeatures", 1, createSearchDocument({ keyFeatures: [`${WORD} routes`] })],
  ["longDescription", 0.8, createSearchDocument({ longDescription: `All about the ${WORD}.` })],
  ["seo.titleTag", 0.5, createSearchDocument({ seo: { titleTag: WORD, metaDescription: "" } })],
  [
    "seo.metaDescription",
    0.3,
    createSearchDocument({ seo: { titleTag: "", metaDescription: WORD } }),
  ],
];

describe("search field weights", () => {
  it.each(TOOLS_WITH_THE_WORD_IN)("weighs a match in %s at %d", (_field, weight, tool) => {
    const hits = searchDocuments(buildSearchIndex([tool]), WORD);
    expect(hits).toHaveLength(1);
    expect(hits[0]!.isExactName).toBe(false);
    expect(hits[0]!.relevance).toBeCloseTo(0.7 * (weight / 8), 6);
  });

  it("ranks the nine fields in the spec's order when nothing else differs", () => {
    const tools = TOOLS_WITH_THE_WORD_IN.map(([field, , tool]) => ({
      ...tool,
      name: tool.name + field,
    }));
    const hits = searchDocuments(buildSearchIndex([...tools].reverse()), WORD);
    expect(hits.map((hit) => hits.length - 1 - hit.doc)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
