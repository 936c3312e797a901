import { COMPARE_SEPARATOR, MAX_COMPARED_TOOLS, MIN_COMPARED_TOOLS } from "./compare";

// Issue 20: reading /compare/{a}-vs-{b}[-vs-...]. A slug may itself hold "-vs-" (a tool named
// "Humans vs AI" is humans-vs-ai), so the address is cut at some of its "-vs-" and every cut
// piece must name a known slug. Zod-free and pure: the route and
// the render cache's key both read addresses with it.

/** Longer than four of the longest slugs with their separators: no comparison's address. */
export const MAX_COMPARE_PATH_LENGTH = 1000;
/** More "-vs-" than four tools of up to three "-vs-" each: more tools than a comparison holds. */
export const MAX_COMPARE_PIECES = MAX_COMPARED_TOOLS * 4;

/** A slug as slugify makes it: lower-case letters, digits and "_", single hyphens between. */
const SLUG_FORM = /^[a-z0-9_]+(?:-[a-z0-9_]+)*$/;

export type ComparePathReading =
  /** Not an address of anything: empty or over-long, a character no slug has, an unknown slug. */
  | { kind: "malformed" }
  /** More tools than a comparison holds. */
  | { kind: "too-many" }
  /** One known tool, alone or named more than once. */
  | { kind: "one-tool"; slug: string }
  /** 2 to 4 tools as the address names them (maybe not in the canonical order, maybe repeated). */
  | { kind: "tools"; slugs: string[] };

/**
 * Reads the part of a compare address after "/compare/". Where the pieces group into known slugs
 * in more than one way, the reading with the fewest tools (at least two) wins, and among those the
 * one whose earlier slugs are longer: the canonical address of any set of tools reads back as
 * that set unless another set's address is the very same text.
 */
export function readComparePath(
  rest: string,
  isKnownSlug: (slug: string) => boolean,
): ComparePathReading {
  if (rest.length > MAX_COMPARE_PATH_LENGTH || !SLUG_FORM.test(rest)) return { kind: "malformed" };
  // Every place the separator occurs, overlapping ones too: "ai-vs" and "vs-code" make
  // "ai-vs-vs-vs-code", where splitting at the first "-vs-" would lose both.
  const separators: number[] = [];
  for (let at = rest.indexOf(COMPARE_SEPARATOR); at !== -1;) {
    separators.push(at);
    if (separators.length >= MAX_COMPARE_PIECES) return { kind: "too-many" };
    at = rest.indexOf(COMPARE_SEPARATOR, at + 1);
  }
  // Where a slug may start, and where the one starting at each may end (the end of the address
  // is the last choice).
  const starts = [0, ...separators.map((at) => at + COMPARE_SEPARATOR.length)];
  const ends = [...separators, rest.length];
  const nodeOf = new Map(starts.map((start, node) => [start, node]));
  const done = starts.length;

  const known = new Map<string, boolean>();
  const isKnown = (slug: string) => {
    let answer = known.get(slug);
    if (answer === undefined) {
      answer = isKnownSlug(slug);
      known.set(slug, answer);
    }
    return answer;
  };
  /** The slugs that can start at a node: each with the node after it (`done` at the end). */
  const stepsFrom = (node: number) =>
    ends
      .filter((end) => end > starts[node]!)
      .map((end) => ({
        slug: rest.slice(starts[node], end),
        next: end === rest.length ? done : nodeOf.get(end + COMPARE_SEPARATOR.length)!,
      }));

  // Counts beyond the cap are one "too many" count: bounded sets, whatever the address.
  const tooMany = MAX_COMPARED_TOOLS + 1;
  // counts[node]: how many tools the address from that node on can be read as.
  const counts: Set<number>[] = Array.from({ length: done + 1 }, () => new Set<number>());
  counts[done]!.add(0);
  for (let node = done - 1; node >= 0; node--) {
    for (const { slug, next } of stepsFrom(node)) {
      if (counts[next]!.size === 0 || !isKnown(slug)) continue;
      for (const count of counts[next]!) counts[node]!.add(Math.min(count + 1, tooMany));
    }
  }
  const readings = [...counts[0]!].sort((a, b) => a - b);
  if (readings.length === 0) return { kind: "malformed" };
  const fewest = readings.find((count) => count >= MIN_COMPARED_TOOLS);
  if (fewest === undefined) return { kind: "one-tool", slug: rest };
  if (fewest === tooMany) return { kind: "too-many" };

  const slugs: string[] = [];
  for (let node = 0, left = fewest; node !== done; left--) {
    // The longest first slug that leaves a reading of the rest with one tool fewer.
    const step = stepsFrom(node)
      .reverse()
      .find(({ slug, next }) => counts[next]!.has(left - 1) && isKnown(slug))!;
    slugs.push(step.slug);
    node = step.next;
  }
  if (new Set(slugs).size === 1) return { kind: "one-tool", slug: slugs[0]! };
  return { kind: "tools", slugs };
}
