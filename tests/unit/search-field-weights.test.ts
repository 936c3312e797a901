import { describe, expect, it } from "vitest";
import { buildSearchIndex, searchDocuments, type SearchDocument } from "~/lib/search/search-index";

// spec 5: each field's weight, as literals. A tool with no popularity that matches the query word
// whole in one field only scores 70% of that field's weight over the name's (8): only that
// field's weight decides the score.

function emptyTool(): SearchDocument {
  return {
    name: "Plain",
    category: null,
    subCategory: null,
    cardDescription: "",
    hashtags: [],
    keyFeatures: [],
    longDescription: "",
    seo: { titleTag: "", metaDescription: "" },
    views: 0,
    likesTotal: 0,
    ratingAvg: 0,
  };
}

const WORD = "zeppelin";

const TOOLS_WITH_THE_WORD_IN: [field: string, weight: number, tool: SearchDocument][] = [
  ["name", 8, { ...emptyTool(), name: `${WORD} maker` }],
  ["category", 4, { ...emptyTool(), category: WORD }],
  ["subCategory", 3.5, { ...emptyTool(), category: "Sales", subCategory: WORD }],
  ["cardDescription", 2, { ...emptyTool(), cardDescription: `Flies a ${WORD}.` }],
  ["hashtags", 1.5, { ...emptyTool(), hashtags: [WORD] }],
  ["keyFeatures", 1, { ...emptyTool(), keyFeatures: [`${WORD} routes`] }],
  ["longDescription", 0.8, { ...emptyTool(), longDescription: `All about the ${WORD}.` }],
  ["seo.titleTag", 0.5, { ...emptyTool(), seo: { titleTag: WORD, metaDescription: "" } }],
  ["seo.metaDescription", 0.3, { ...emptyTool(), seo: { titleTag: "", metaDescription: WORD } }],
];

describe("search field weights (spec 5)", () => {
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
