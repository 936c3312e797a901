import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countCategories, toTaxonomy } from "~/lib/category-stats";
import { REQUIREMENT_KEYS, type RequirementKey } from "~/lib/buyer-facts";
import { ALL_CATEGORIES } from "~/lib/constants";
import { INTEGRATION_KEYS, type IntegrationKey } from "~/lib/integrations";
import type { ToolCard } from "~/lib/tool";
import { toolQuerySchema, type ToolQuery } from "~/lib/tool-query";
import { readListingQuery } from "~/lib/listing-query.server";
import { pageKeyOf } from "#server/render-cache/page-key.server";
import { findTools } from "#server/services/tools/find-tools.server";
import { resolveCategoryPath } from "#server/services/tools/resolve-category-path.server";
import { resolveComparePath } from "#server/services/compare/resolve-compare-path.server";
import { buildSnapshot } from "#server/snapshot/snapshot.server";
import { toToolCard, toToolSearchText } from "#server/snapshot/tool-shapes.server";
import type { ToolRow } from "#server/db/schema";
import { createToolCard, createToolRow } from "../factories";

// Finding tools by their facts: `require`, `integrates`, `maxPrice`, Lowest price, and the
// requirement, integration and unpriced counts of the browse filters.

const usd = (amount: number) => ({ amount, currency: "USD", unit: "user" as const, plan: "Pro" });
const query = (raw: Record<string, unknown> = {}) => toolQuerySchema.parse(raw);

const secure = createToolCard({
  name: "Vault Notes",
  category: "Writing",
  meets: ["sso", "soc2", "eu-data"],
  integrations: ["hubspot", "slack"],
  startingPrice: usd(20),
});
const cheap = createToolCard({
  name: "Budget Scribe",
  category: "Writing",
  meets: ["sso"],
  integrations: ["slack"],
  startingPrice: usd(5),
});
const unpriced = createToolCard({
  name: "Mystery Desk",
  category: "Sales",
  meets: ["sso", "soc2"],
  integrations: ["hubspot"],
});
const euros = createToolCard({
  name: "Euro Mail",
  category: "Sales",
  meets: ["sso", "soc2"],
  startingPrice: { ...usd(3), currency: "EUR" },
});
const snapshot = buildSnapshot([secure, cheap, unpriced, euros]);
const names = (raw: Record<string, unknown>) =>
  findTools(snapshot, query(raw)).tools.map((tool) => tool.name);

describe("the browse query's fact parameters", () => {
  it("reads comma-separated keys in the vocabulary's order, without repeats", () => {
    const parsed = query({ require: "soc2, SSO,sso", integrates: "slack,hubspot", maxPrice: "25" });
    expect(parsed.require).toEqual(["sso", "soc2"]);
    expect(parsed.integrates).toEqual(["slack", "hubspot"]);
    expect(parsed.maxPrice).toBe(25);
    expect(query({ maxPrice: "" }).maxPrice).toBeUndefined();
  });

  it.each([
    [{ require: "sso,sox" }, "require", '"sox"'],
    [{ integrates: "hubspot,myspace" }, "integrates", '"myspace"'],
    [{ maxPrice: "cheap" }, "maxPrice", '"cheap"'],
    [{ maxPrice: "-5" }, "maxPrice", "-5"],
    [{ maxPrice: "Infinity" }, "maxPrice", '"Infinity"'],
  ])("refuses %o naming the parameter and the value", (raw, parameter, value) => {
    const parsed = toolQuerySchema.safeParse(raw);
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0]!;
    expect(issue.path).toEqual([parameter]);
    expect(issue.message).toContain(parameter);
    expect(issue.message).toContain(value);
  });

  it("on a page, keeps the known keys of a list and drops a ceiling that is not a number", () => {
    const catalogue = { getTaxonomy: () => snapshot.taxonomy };
    const read = (search: string) =>
      readListingQuery(catalogue, new URL(`http://localhost/ai-tools?${search}`));
    expect(read("require=sso,sox,soc2&integrates=myspace,slack")).toMatchObject({
      require: ["sso", "soc2"],
      integrates: ["slack"],
    });
    expect(read("maxPrice=cheap&require=sso").maxPrice).toBeUndefined();
    expect(read("maxPrice=cheap&require=sso").require).toEqual(["sso"]);
  });

  it("gives every spelling of one choice one render-cache key", () => {
    const catalogue = {
      getTaxonomy: () => snapshot.taxonomy,
      resolveCategoryPath: (segments: readonly string[]) => resolveCategoryPath(snapshot, segments),
      resolveComparePath: (rest: string) => resolveComparePath(snapshot, rest),
    };
    const keyOf = (search: string) =>
      pageKeyOf(new URL(`http://localhost/ai-tools?${search}`), catalogue);
    const key = keyOf("require=soc2,sso&integrates=slack&maxPrice=25.0");
    expect(key).toEqual({
      path: "/ai-tools?require=sso%2Csoc2&integrates=slack&maxPrice=25",
      isLongTail: true,
    });
    expect(keyOf("maxPrice=25&integrates=SLACK&require=sso,soc2,sso")).toEqual(key);
    expect(keyOf("require=sox")?.path).toBe("/ai-tools");
  });
});

describe("findTools by facts", () => {
  it("lists only tools that meet every requirement and integrate with every app", () => {
    expect(names({ require: "sso,soc2" })).toEqual(["Euro Mail", "Mystery Desk", "Vault Notes"]);
    expect(names({ require: "sso", integrates: "hubspot,slack" })).toEqual(["Vault Notes"]);
    expect(names({ require: "eu-data,soc2-type2" })).toEqual([]);
  });

  it("leaves out tools above the ceiling or without a USD price, and says how many lack one", () => {
    const page = findTools(snapshot, query({ require: "sso", maxPrice: "20" }));
    expect(page.tools.map((tool) => tool.name)).toEqual(["Budget Scribe", "Vault Notes"]);
    expect(page.unpricedCount).toBe(2);
    expect(findTools(snapshot, query({ maxPrice: "19.99" })).tools).toEqual([cheap]);
    expect(findTools(snapshot, query({ category: "Writing", maxPrice: "0" })).unpricedCount).toBe(
      0,
    );
    expect(findTools(snapshot, query()).unpricedCount).toBeNull();
  });

  it("sorts by Lowest price, cheapest first and tools without a USD price last", () => {
    expect(names({ sort: "Lowest price" })).toEqual([
      "Budget Scribe",
      "Vault Notes",
      "Euro Mail",
      "Mystery Desk",
    ]);
    // A search in the same order: every one of them has SSO.
    expect(names({ sort: "Lowest price", search: "sso" })).toEqual([
      "Budget Scribe",
      "Vault Notes",
      "Euro Mail",
      "Mystery Desk",
    ]);
  });

  it("counts each requirement and integration over the tools every filter lists", () => {
    const page = findTools(snapshot, query({ category: "Sales" }));
    const counts = Object.fromEntries(page.requirementFacets.map((f) => [f.key, f.count]));
    expect(counts).toMatchObject({ sso: 2, soc2: 2, "eu-data": 0 });
    expect(page.requirementFacets.map((facet) => facet.key)).toEqual(REQUIREMENT_KEYS);
    expect(page.requirementFacets.find((facet) => facet.key === "soc2")?.label).toBe("SOC 2");
    expect(page.integrationFacets.slice(0, 2)).toEqual([
      { key: "hubspot", label: "HubSpot", count: 1 },
      { key: "adobe-creative-cloud", label: "Adobe Creative Cloud", count: 0 },
    ]);
    const whole = findTools(snapshot, query());
    expect(whole.integrationFacets.slice(0, 2).map((facet) => [facet.key, facet.count])).toEqual([
      ["hubspot", 2],
      ["slack", 2],
    ]);
  });
});

describe("searching facts", () => {
  const facts = (overrides: Partial<ToolCard>) =>
    createToolCard({ cardDescription: "Writes things.", ...overrides });
  const yes = facts({
    name: "Trusted",
    meets: ["sso", "soc2", "gdpr-dpa", "soc2-type2"],
    integrations: ["hubspot", "microsoft-teams"],
  });
  // A tool whose facts say no (or nothing) meets nothing and integrates with nothing.
  const no = facts({ name: "Untested" });
  const searched = buildSnapshot([yes, no]);
  it.each(["soc 2", "soc2", "SOC 2 Type II", "hubspot", "saml", "sso", "gdpr", "teams"])(
    '"%s" finds the tool whose facts say so, and only it',
    (search) => {
      expect(findTools(searched, query({ search })).tools.map((tool) => tool.name)).toEqual([
        "Trusted",
      ]);
    },
  );
});

describe("searching facts from a tool's row", () => {
  const fact = <V>(value: V) => ({
    value,
    source: "vendor" as const,
    evidenceUrl: "https://example.com/security",
    quote: null,
    checkedAt: "2026-11-02",
  });
  const row = createToolRow({
    name: "Ledger Owl",
    cardDescription: "Books invoices.",
    facts: {
      sso: fact("yes"),
      soc2: fact("none"),
      "gdpr-dpa": fact("no"),
      integrations: fact(["hubspot"]),
    },
  }) as ToolRow;
  const searched = buildSnapshot([toToolCard(row)], new Map([[row.id, toToolSearchText(row)]]));
  const found = (search: string) => findTools(searched, query({ search })).total;

  it("finds what the facts say yes to, and not what they say no to", () => {
    expect(found("saml")).toBe(1);
    expect(found("hubspot")).toBe(1);
    expect(found("soc 2")).toBe(0);
    expect(found("gdpr")).toBe(0);
  });
});

// Counts must be exact under every combination: compared with counts made directly from the
// tool list. Small pools make every filter both match and miss.
const CATEGORIES = ["Writing", "Sales", null];
const SUBCATEGORIES = ["SEO", "Outreach", null];
const MODELS = ["Free", "Freemium", "Paid"];
const SEARCH_WORDS = ["zebra", "walrus", "quokka"];
const SOME_REQUIREMENTS: RequirementKey[] = ["sso", "soc2", "eu-data", "api"];
const SOME_INTEGRATIONS: IntegrationKey[] = ["hubspot", "slack", "zapier"];
const PRICES = [null, 0, 10, 19, 25, 25.5, 60, "EUR"] as const;

const toolArbitrary = fc
  .record({
    word: fc.constantFrom(...SEARCH_WORDS),
    category: fc.constantFrom(...CATEGORIES),
    subCategory: fc.constantFrom(...SUBCATEGORIES),
    model: fc.constantFrom(...MODELS),
    meets: fc.subarray(SOME_REQUIREMENTS),
    integrations: fc.subarray(SOME_INTEGRATIONS),
    price: fc.constantFrom(...PRICES),
    likesTotal: fc.nat(3),
  })
  .map((v) =>
    createToolCard({
      name: `Tool ${v.word}`,
      cardDescription: "Helps a team.",
      category: v.category,
      subCategory: v.category && v.subCategory,
      pricing: { model: v.model, amount: "N/A" },
      meets: v.meets,
      integrations: v.integrations,
      startingPrice:
        v.price === null ? null : v.price === "EUR" ? { ...usd(1), currency: "EUR" } : usd(v.price),
      likesTotal: v.likesTotal,
    }),
  );

const queryArbitrary = fc.record({
  category: fc.constantFrom(ALL_CATEGORIES, "Writing", "Sales"),
  subcategory: fc.subarray(["SEO", "Outreach"]),
  pricing: fc.constantFrom("All Pricing", ...MODELS),
  search: fc.constantFrom("", ...SEARCH_WORDS),
  require: fc.subarray(SOME_REQUIREMENTS),
  integrates: fc.subarray(SOME_INTEGRATIONS),
  maxPrice: fc.constantFrom(undefined, 0, 19, 25, 100),
  sort: fc.constantFrom(undefined, "Lowest price", "Most Liked"),
});

/** The answer's counts, made directly from the tool list. */
function expectedCounts(tools: readonly ToolCard[], q: ToolQuery) {
  const price = (tool: ToolCard) =>
    tool.startingPrice?.currency === "USD" ? tool.startingPrice.amount : null;
  const passesAllButCeilingAndPlace = (tool: ToolCard) =>
    (q.search === "" || tool.name.endsWith(q.search)) &&
    (q.pricing === "All Pricing" || tool.pricing.model === q.pricing) &&
    q.require.every((key) => tool.meets.includes(key)) &&
    q.integrates.every((key) => tool.integrations.includes(key));
  const underCeiling = (tool: ToolCard) =>
    q.maxPrice === undefined || (price(tool) !== null && price(tool)! <= q.maxPrice);
  const inPlace = (tool: ToolCard) =>
    (q.category === ALL_CATEGORIES || tool.category === q.category) &&
    (q.subcategory.length === 0 || q.subcategory.includes(tool.subCategory ?? ""));
  const narrowed = tools.filter((tool) => passesAllButCeilingAndPlace(tool) && underCeiling(tool));
  const listed = narrowed.filter(inPlace);
  return {
    ids: listed.map((tool) => tool.id).sort(),
    total: listed.length,
    totalInAllCategories: narrowed.length,
    facets: toTaxonomy(countCategories(narrowed)),
    requirements: Object.fromEntries(
      REQUIREMENT_KEYS.map((key) => [
        key,
        listed.filter((tool) => tool.meets.includes(key)).length,
      ]),
    ),
    integrations: Object.fromEntries(
      INTEGRATION_KEYS.map((key) => [
        key,
        listed.filter((tool) => tool.integrations.includes(key)).length,
      ]),
    ),
    unpricedCount:
      q.maxPrice === undefined
        ? null
        : tools.filter(
            (tool) => passesAllButCeilingAndPlace(tool) && inPlace(tool) && price(tool) === null,
          ).length,
  };
}

describe("the fact filters' counts", () => {
  it("equal the counts made from the tool list, for any combination of filters", () => {
    fc.assert(
      fc.property(fc.array(toolArbitrary, { maxLength: 30 }), queryArbitrary, (tools, raw) => {
        const built = buildSnapshot(tools);
        const q = toolQuerySchema.parse({ ...raw, limit: 1000 });
        const answer = findTools(built, q);
        const expected = expectedCounts(tools, q);
        expect(answer.tools.map((tool) => tool.id).sort()).toEqual(expected.ids);
        expect(answer.total).toBe(expected.total);
        expect(answer.totalInAllCategories).toBe(expected.totalInAllCategories);
        expect(answer.facets).toEqual(expected.facets);
        expect(Object.fromEntries(answer.requirementFacets.map((f) => [f.key, f.count]))).toEqual(
          expected.requirements,
        );
        expect(Object.fromEntries(answer.integrationFacets.map((f) => [f.key, f.count]))).toEqual(
          expected.integrations,
        );
        expect(answer.unpricedCount).toBe(expected.unpricedCount);
        // Each count is the total the list would have with that key required too.
        for (const facet of answer.requirementFacets.filter((f) => f.count > 0).slice(0, 2)) {
          const withIt = findTools(built, { ...q, require: [...q.require, facet.key] });
          expect(withIt.total).toBe(facet.count);
        }
        if (q.sort === "Lowest price") {
          const prices = answer.tools.map((tool) =>
            tool.startingPrice?.currency === "USD" ? tool.startingPrice.amount : Infinity,
          );
          expect(prices).toEqual([...prices].sort((a, b) => a - b));
        }
      }),
      { numRuns: 400 },
    );
  });
});
