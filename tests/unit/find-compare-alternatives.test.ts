import { describe, expect, it } from "vitest";
import {
  createCompareAlternativesFinder,
  findCompareAlternatives,
} from "#server/services/compare/find-compare-alternatives.server";
import { withCounts } from "#server/snapshot/recount.server";
import { buildSnapshot } from "#server/snapshot/snapshot.server";
import type { ToolCard } from "~/lib/tool";
import { createToolCard } from "../factories";

// "Compare with": same subcategory first, then the category; most similar name and card
// description first; most liked breaks ties.

const editing = (overrides: Partial<ToolCard>) =>
  createToolCard({ category: "Writing", subCategory: "Editing", likesTotal: 0, ...overrides });

const namesOf = (tools: readonly ToolCard[]) => tools.map((tool) => tool.name);

describe("closest alternatives to compare with", () => {
  const grammar = editing({ name: "Grammar Fixer", cardDescription: "Fixes grammar in emails." });
  const grammarPro = editing({
    name: "Grammar Pro",
    cardDescription: "Corrects grammar and spelling in emails.",
  });
  const spelling = editing({ name: "Speller", cardDescription: "Checks spelling in documents." });
  const popular = editing({
    name: "Notebook",
    cardDescription: "A writing notebook.",
    likesTotal: 90,
  });
  const sameCategory = createToolCard({
    name: "Grammar Blog Writer",
    category: "Writing",
    subCategory: "Blogging",
    cardDescription: "Drafts blog posts.",
    likesTotal: 500,
  });
  const otherCategory = createToolCard({
    name: "Grammar Sales Bot",
    category: "Sales",
    subCategory: "Outreach",
    cardDescription: "Fixes grammar in sales emails.",
    likesTotal: 1000,
  });
  const snapshot = buildSnapshot([
    grammar,
    grammarPro,
    spelling,
    popular,
    sameCategory,
    otherCategory,
  ]);

  it("ranks the tools of the same subcategory by the words they share, then most liked", () => {
    expect(namesOf(findCompareAlternatives(snapshot, grammar.id))).toEqual([
      "Grammar Pro",
      "Notebook",
      "Speller",
    ]);
  });

  it("fills up from the same category, never from another, and never offers the tool itself", () => {
    const found = findCompareAlternatives(snapshot, grammar.id, 10);
    expect(namesOf(found)).toEqual(["Grammar Pro", "Notebook", "Speller", "Grammar Blog Writer"]);
    expect(found.map((tool) => tool.id)).not.toContain(grammar.id);
  });

  it("answers no more than the limit asked for", () => {
    expect(findCompareAlternatives(snapshot, grammar.id, 1)).toHaveLength(1);
    expect(findCompareAlternatives(snapshot, grammar.id, 0)).toEqual([]);
  });

  it("answers none for an unknown or offline tool, and none for a tool alone in its category", () => {
    expect(findCompareAlternatives(snapshot, "no-such-tool")).toEqual([]);
    expect(findCompareAlternatives(snapshot, otherCategory.id)).toEqual([]);
  });

  it("compares a tool without subcategory with its category, and uncategorised tools with each other", () => {
    const plain = createToolCard({ name: "Plain Writer", category: "Writing", subCategory: null });
    const loose = createToolCard({ name: "Loose One", category: null, subCategory: null });
    const looseToo = createToolCard({ name: "Loose Two", category: null, subCategory: null });
    const withThem = buildSnapshot([grammar, grammarPro, plain, loose, looseToo]);
    expect(namesOf(findCompareAlternatives(withThem, plain.id, 5)).sort()).toEqual([
      "Grammar Fixer",
      "Grammar Pro",
    ]);
    expect(namesOf(findCompareAlternatives(withThem, loose.id))).toEqual(["Loose Two"]);
  });

  it("prefers a shared rare word over a word every tool of the group has", () => {
    const tools = [
      editing({ name: "Alpha", cardDescription: "Editor for screenplays and novels." }),
      editing({ name: "Beta", cardDescription: "Editor for novels.", likesTotal: 5 }),
      editing({ name: "Gamma", cardDescription: "Editor for screenplays." }),
      editing({ name: "Delta", cardDescription: "Editor for poems.", likesTotal: 50 }),
    ];
    const found = findCompareAlternatives(buildSnapshot(tools), tools[2]!.id, 3);
    expect(namesOf(found)).toEqual(["Alpha", "Delta", "Beta"]);
  });

  describe("across snapshots of one catalogue revision", () => {
    const tools = [
      editing({ name: "Alpha", cardDescription: "Editor for novels." }),
      editing({ name: "Beta", cardDescription: "Editor for novels.", likesTotal: 5 }),
      editing({ name: "Gamma", cardDescription: "Editor for novels.", likesTotal: 3 }),
    ];
    const [alpha, beta, gamma] = tools as [ToolCard, ToolCard, ToolCard];

    it("breaks ties and fills up by today's likes, and answers today's counts", () => {
      const find = createCompareAlternativesFinder();
      const before = buildSnapshot(tools);
      expect(namesOf(find(before, 1, alpha.id))).toEqual(["Beta", "Gamma"]);
      const after = withCounts(before, new Map([[gamma.id, { likesTotal: 9 }]]));
      const found = find(after, 1, alpha.id);
      expect(namesOf(found)).toEqual(["Gamma", "Beta"]);
      expect(found[0]!.likesTotal).toBe(9);
      expect(found).toEqual([after.byId.get(gamma.id), after.byId.get(beta.id)]);
    });

    it("keeps its groups until the revision moves", () => {
      const find = createCompareAlternativesFinder();
      const delta = editing({
        name: "Delta",
        cardDescription: "Editor for novels.",
        likesTotal: 50,
      });
      find(buildSnapshot(tools), 1, alpha.id);
      const withDelta = buildSnapshot([...tools, delta]);
      expect(namesOf(find(withDelta, 1, alpha.id))).toEqual(["Beta", "Gamma"]);
      expect(namesOf(find(withDelta, 2, alpha.id))).toEqual(["Delta", "Beta", "Gamma"]);
    });
  });
});
