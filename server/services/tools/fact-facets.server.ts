import type { FactFacet } from "~/lib/api/contract";
import { REQUIREMENT_KEYS, REQUIREMENTS, type RequirementKey } from "~/lib/buyer-facts";
import { INTEGRATION_KEYS, INTEGRATIONS, type IntegrationKey } from "~/lib/integrations";
import { INTEGRATION_WORDS, type FactIndex } from "#server/snapshot/fact-index.server";

// The requirement and integration counts of the browse filters: per key, how many of the tools
// that match every filter meet it. Requirements and integrations combine with AND, so that is
// also how many the list would hold with the key required too.

/** Adds 1 to counts[offset + bit] for each bit set in `bits`. */
function countBits(bits: number, counts: Uint32Array, offset: number): void {
  let rest = bits;
  while (rest !== 0) {
    const lowest = rest & -rest;
    counts[offset + 31 - Math.clz32(lowest)]!++;
    rest ^= lowest;
  }
}

/** Counts, by the vocabularies' positions, of the tools added so far (by snapshot position). */
export class FactCounter {
  readonly requirements = new Uint32Array(32);
  readonly integrations = new Uint32Array(INTEGRATION_WORDS * 32);
  constructor(private readonly index: FactIndex) {}

  add(position: number): void {
    countBits(this.index.requirements[position]!, this.requirements, 0);
    for (let word = 0; word < INTEGRATION_WORDS; word++) {
      countBits(
        this.index.integrations[position * INTEGRATION_WORDS + word]!,
        this.integrations,
        word * 32,
      );
    }
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

// A snapshot's index never changes, so the counts of all its tools (the unfiltered page's) are
// counted once per index.
const wholeCatalogue = new WeakMap<FactIndex, FactFacets>();

/** The facets of every tool of a snapshot. */
export function catalogueFactFacets(index: FactIndex): FactFacets {
  let facets = wholeCatalogue.get(index);
  if (!facets) {
    const counter = new FactCounter(index);
    for (let position = 0; position < index.requirements.length; position++) counter.add(position);
    facets = factFacetsOf(counter);
    wholeCatalogue.set(index, facets);
  }
  return facets;
}
