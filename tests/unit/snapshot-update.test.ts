import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { searchDocuments } from "#server/search/search-index.server";
import type { ToolCard } from "~/lib/tool";
import { withCounts, type CountChange } from "#server/snapshot/recount.server";
import {
  FIXED_SORTS,
  buildSnapshot,
  type CatalogueSnapshot,
  type ToolSearchText,
} from "#server/snapshot/snapshot.server";
import { updateSnapshot, type ToolVersion } from "#server/snapshot/update-snapshot.server";

// An updated snapshot must be exactly the snapshot built from scratch from the same tools: same
// orders, ranks, maps, statistics and search index, so searches and listings cannot tell them
// apart. Small pools of ids, names, times and words make collisions and ties common.

const IDS = ["a", "b", "c", "d", "e", "f", "g", "h", "B", "a-2"];
const NAMES = ["Nova", "nova", "Nova AI", "Chat GPT-4", "Café Writer", "Écrivain", "Pilot", "!!"];
const CATEGORIES = [null, "Marketing", "Sales", "Writing"];
const SUBCATEGORIES = [null, "SEO", "Copywriting", "Lead Generation"];
const TIMES = ["2025-01-01T00:00:00.000Z", "2025-03-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z"];
const WORDS = ["notes", "meeting", "e-commerce", "gpt-4", "invoicing", "invoice", "naïve", "ai"];
const QUERIES = [
  "nova",
  "notes",
  "invoce",
  "ecommerce",
  "gpt4",
  "ai",
  "naive writer",
  "chatgpt",
  "soc 2",
  "hubspot",
];
// Starting prices that tie, are free, or are in a currency Lowest price does not compare.
const PRICES = [
  null,
  { amount: 0, currency: "USD" },
  { amount: 12, currency: "USD" },
  { amount: 12, currency: "USD" },
  { amount: 9.5, currency: "USD" },
  { amount: 5, currency: "EUR" },
];

const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 4 }).map((words) => words.join(" "));

const version = (id: string): fc.Arbitrary<ToolVersion> =>
  fc
    .record({
      name: fc.constantFrom(...NAMES),
      category: fc.constantFrom(...CATEGORIES),
      subCategory: fc.constantFrom(...SUBCATEGORIES),
      createdAt: fc.constantFrom(...TIMES),
      likesTotal: fc.nat(5),
      views: fc.constantFrom(0, 100, 5_000),
      ratingAvg: fc.constantFrom(0, 3.5, 5),
      cardDescription: text,
      longDescription: text,
      hashtags: fc.array(fc.constantFrom(...WORDS), { maxLength: 2 }),
      price: fc.constantFrom(...PRICES),
      meets: fc.subarray(["sso", "soc2"] as const),
      integrations: fc.subarray(["hubspot", "slack"] as const),
    })
    .map((v) => ({
      card: {
        id,
        slug: `slug-${id}`,
        name: v.name,
        category: v.category,
        subCategory: v.category && v.subCategory,
        cardDescription: v.cardDescription || "Explore this amazing AI tool",
        pricing: { model: "Free", amount: "Free" },
        ratingAvg: v.ratingAvg,
        views: v.views,
        likesTotal: v.likesTotal,
        image: "",
        createdAt: v.createdAt,
        startingPrice: v.price && { ...v.price, unit: "user" as const, plan: "Pro" },
        meets: [...v.meets],
        integrations: [...v.integrations],
      },
      searchText: {
        cardDescription: v.cardDescription,
        hashtags: v.hashtags,
        keyFeatures: [],
        longDescription: v.longDescription,
        seo: { titleTag: "", metaDescription: v.cardDescription },
      },
    }));

type Step =
  | { kind: "change"; ids: string[]; online: ToolVersion[] }
  | { kind: "counts"; changes: [string, CountChange][] };

const idList = fc.uniqueArray(fc.constantFrom(...IDS), { minLength: 1, maxLength: 4 });
const changeStep: fc.Arbitrary<Step> = idList.chain((ids) =>
  fc.tuple(...ids.map((id) => fc.option(version(id), { nil: undefined }))).map((versions) => ({
    kind: "change" as const,
    ids,
    online: versions.filter((v): v is ToolVersion => v !== undefined),
  })),
);
const countStep: fc.Arbitrary<Step> = fc
  .array(
    fc.tuple(
      fc.constantFrom(...IDS, "gone"),
      fc.record(
        { likesTotal: fc.nat(6), views: fc.constantFrom(0, 100, 6_000) },
        {
          requiredKeys: [],
        },
      ),
    ),
    { maxLength: 4 },
  )
  .map((changes) => ({ kind: "counts" as const, changes }));

/** What a reader can observe of a snapshot, in plain values. */
function observed(snapshot: CatalogueSnapshot) {
  const ids = (tools: readonly ToolCard[]) => tools.map((tool) => tool.id);
  const entries = (map: ReadonlyMap<string, ToolCard>) =>
    [...map].map(([key, tool]) => [key, tool.id]).sort();
  const index = snapshot.searchIndex;
  return {
    tools: snapshot.tools.map((tool) => ({ ...tool })),
    sorted: FIXED_SORTS.map((sort) => ids(snapshot.sorted[sort])),
    rank: FIXED_SORTS.map((sort) => [...snapshot.rank[sort]]),
    maps: [snapshot.byId, snapshot.bySlug, snapshot.byNameSlug].map(entries),
    nameSlugs: [...snapshot.nameSlugs],
    topTools: ids(snapshot.topTools),
    stats: snapshot.stats,
    taxonomy: snapshot.taxonomy,
    facts: {
      requirements: [...snapshot.facts.requirements],
      integrations: [...snapshot.facts.integrations],
      prices: [...snapshot.facts.prices],
    },
    index: {
      size: index.size,
      words: [...index.words],
      start: [...index.start],
      postings: [...index.postings],
      names: [...index.names],
      popularity: [...index.popularity],
    },
    searches: QUERIES.map((query) => searchDocuments(index, query)),
  };
}

function rebuilt(catalogue: ReadonlyMap<string, ToolVersion>): CatalogueSnapshot {
  const versions = [...catalogue.values()];
  return buildSnapshot(
    versions.map((v) => v.card),
    new Map<string, ToolSearchText>(versions.map((v) => [v.card.id, v.searchText])),
  );
}

describe("an updated snapshot", () => {
  it("equals the snapshot built from scratch after any adds, edits, removals and count changes", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(changeStep, countStep), { maxLength: 12 }), (steps) => {
        const catalogue = new Map<string, ToolVersion>();
        let snapshot = rebuilt(catalogue);
        for (const step of steps) {
          const before = snapshot;
          const beforeSeen = observed(before);
          if (step.kind === "change") {
            for (const id of step.ids) catalogue.delete(id);
            for (const v of step.online) catalogue.set(v.card.id, v);
            snapshot = updateSnapshot(snapshot, step.ids, step.online);
          } else {
            const changes = new Map(step.changes);
            for (const [id, change] of changes) {
              const current = catalogue.get(id);
              if (current) catalogue.set(id, { ...current, card: { ...current.card, ...change } });
            }
            snapshot = withCounts(snapshot, changes);
          }
          expect(observed(snapshot)).toEqual(observed(rebuilt(catalogue)));
          // Readers of the previous snapshot see it unchanged.
          expect(observed(before)).toEqual(beforeSeen);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("keeps a tool's place among tools created at the same moment (one import), by id", () => {
    const at = "2025-05-05T05:05:05.000Z";
    const tool = (id: string): ToolVersion => ({
      card: { ...rebuiltCard(id), createdAt: at },
      searchText: {
        cardDescription: "",
        hashtags: [],
        keyFeatures: [],
        longDescription: "",
        seo: { titleTag: "", metaDescription: "" },
      },
    });
    const start = buildSnapshot(["b", "d"].map((id) => tool(id).card));
    const after = updateSnapshot(start, ["c", "a"], [tool("c"), tool("a")]);
    expect(after.tools.map((t) => t.id)).toEqual(["a", "b", "c", "d"]);
  });
});

function rebuiltCard(id: string): ToolCard {
  return {
    id,
    slug: id,
    name: id,
    category: null,
    subCategory: null,
    cardDescription: "",
    pricing: { model: "Free", amount: "Free" },
    ratingAvg: 0,
    views: 0,
    likesTotal: 0,
    image: "",
    createdAt: "2025-01-01T00:00:00.000Z",
    startingPrice: null,
    meets: [],
    integrations: [],
  };
}
