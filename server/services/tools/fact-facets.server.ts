import type { FactFacet } from "~/lib/api/contract";
import { REQUIREMENT_KEYS, REQUIREMENTS, type RequirementKey } from "~/lib/buyer-facts";
import { INTEGRATION_KEYS, INTEGRATIONS, type IntegrationKey } from "~/lib/integrations";
import type { ToolCard } from "~/lib/tool";

// The requirement and integration counts of the browse filters: per key, how many of the tools
// that match every filter meet it. Requirements and integrations combine with AND, so that is
// also how many the list would hold with the key required too.

const REQUIREMENT_INDEX = new Map(REQUIREMENT_KEYS.map((key, index) => [key, index]));
const INTEGRATION_INDEX = new Map(INTEGRATION_KEYS.map((key, index) => [key, index]));

/** Counts, by the vocabularies' positions, of the tools added so far. */
export class FactCounter {
  readonly requirements = new Uint32Array(REQUIREMENT_KEYS.length);
  readonly integrations = new Uint32Array(INTEGRATION_KEYS.length);

  add(tool: ToolCard): void {
    for (const key of tool.meets) this.requirements[REQUIREMENT_INDEX.get(key)!]!++;
    for (const key of tool.integrations) this.integrations[INTEGRATION_INDEX.get(key)!]!++;
  }
}

export interface FactFacets {
  requirementFacets: FactFacet<RequirementKey>[];
  integrationFacets: FactFacet<IntegrationKey>[];
}

/** The counter as the answer gives it: requirements in order, integrations most tools first. */
export function factFacetsOf(counter: FactCounter): FactFacets {
  return {
    requirementFacets: REQUIREMENT_KEYS.map((key, index) => ({
      key,
      label: REQUIREMENTS[key].label,
      count: counter.requirements[index]!,
    })),
    integrationFacets: INTEGRATION_KEYS.map((key, index) => ({
      key,
      label: INTEGRATIONS[key],
      count: counter.integrations[index]!,
    })).sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
  };
}

// A snapshot never changes, so the counts of all its tools (the unfiltered page's) are counted
// once per snapshot.
const wholeCatalogue = new WeakMap<readonly ToolCard[], FactFacets>();

/** The facets of every tool of a snapshot. */
export function catalogueFactFacets(tools: readonly ToolCard[]): FactFacets {
  let facets = wholeCatalogue.get(tools);
  if (!facets) {
    const counter = new FactCounter();
    for (const tool of tools) counter.add(tool);
    facets = factFacetsOf(counter);
    wholeCatalogue.set(tools, facets);
  }
  return facets;
}
