import { REQUIREMENT_KEYS, type RequirementKey } from "~/lib/buyer-facts";
import { INTEGRATION_KEYS, type IntegrationKey } from "~/lib/integrations";
import { PAGE_CURRENCY } from "~/lib/pricing-plans";
import type { ToolCard } from "~/lib/tool";

// What the browse filters read of each tool's facts, by its position in the snapshot, in typed
// arrays: a filter or a count over 100,000 tools reads a few numbers per tool instead of walking
// each card's lists.

/** Integration bits per tool, in 32-bit words. */
export const INTEGRATION_WORDS = Math.ceil(INTEGRATION_KEYS.length / 32);

const REQUIREMENT_BIT = new Map<string, number>(REQUIREMENT_KEYS.map((key, bit) => [key, bit]));
const INTEGRATION_BIT = new Map<string, number>(INTEGRATION_KEYS.map((key, bit) => [key, bit]));

export interface FactIndex {
  /** Per position: bit i is set when the tool meets REQUIREMENT_KEYS[i]. */
  requirements: Uint32Array;
  /** Per position, INTEGRATION_WORDS words: bit i is set when it has INTEGRATION_KEYS[i]. */
  integrations: Uint32Array;
  /** Per position: the starting price the ceiling and Lowest price compare, or NaN. */
  prices: Float64Array;
}

/**
 * The starting price per user (or flat) per month that the price ceiling and Lowest price read:
 * only a price in the page's currency compares, so a tool priced in another is unpriced here.
 */
export function comparablePriceOf(tool: ToolCard): number | null {
  const price = tool.startingPrice;
  return price && price.currency === PAGE_CURRENCY ? price.amount : null;
}

export function requirementMask(keys: readonly RequirementKey[]): number {
  let mask = 0;
  for (const key of keys) mask |= 1 << REQUIREMENT_BIT.get(key)!;
  return mask >>> 0;
}

export function integrationMask(keys: readonly IntegrationKey[]): Uint32Array {
  const mask = new Uint32Array(INTEGRATION_WORDS);
  for (const key of keys) {
    const bit = INTEGRATION_BIT.get(key)!;
    mask[bit >>> 5]! |= 1 << (bit & 31);
  }
  return mask;
}

/** The index of every tool, by position. */
export function indexFacts(tools: readonly ToolCard[]): FactIndex {
  const requirements = new Uint32Array(tools.length);
  const integrations = new Uint32Array(tools.length * INTEGRATION_WORDS);
  const prices = new Float64Array(tools.length);
  tools.forEach((tool, position) => {
    requirements[position] = requirementMask(tool.meets);
    for (const key of tool.integrations) {
      const bit = INTEGRATION_BIT.get(key)!;
      integrations[position * INTEGRATION_WORDS + (bit >>> 5)]! |= 1 << (bit & 31);
    }
    prices[position] = comparablePriceOf(tool) ?? NaN;
  });
  return { requirements, integrations, prices };
}

/**
 * The index after some tools changed (update-snapshot.server.ts): the tools that stay keep their
 * entries at their new positions (`renumber`, -1 for those that left), the joining ones are read.
 */
export function updateFactIndex(
  index: FactIndex,
  renumber: Int32Array,
  tools: readonly ToolCard[],
  joinedAt: readonly number[],
): FactIndex {
  const size = tools.length;
  const requirements = new Uint32Array(size);
  const integrations = new Uint32Array(size * INTEGRATION_WORDS);
  const prices = new Float64Array(size);
  for (let old = 0; old < renumber.length; old++) {
    const position = renumber[old]!;
    if (position < 0) continue;
    requirements[position] = index.requirements[old]!;
    prices[position] = index.prices[old]!;
    for (let word = 0; word < INTEGRATION_WORDS; word++) {
      integrations[position * INTEGRATION_WORDS + word] =
        index.integrations[old * INTEGRATION_WORDS + word]!;
    }
  }
  const joined = indexFacts(joinedAt.map((position) => tools[position]!));
  joinedAt.forEach((position, k) => {
    requirements[position] = joined.requirements[k]!;
    prices[position] = joined.prices[k]!;
    integrations.set(
      joined.integrations.subarray(k * INTEGRATION_WORDS, (k + 1) * INTEGRATION_WORDS),
      position * INTEGRATION_WORDS,
    );
  });
  return { requirements, integrations, prices };
}
