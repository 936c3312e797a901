import { COMPARE_SEPARATOR, MAX_COMPARED_TOOLS, MIN_COMPARED_TOOLS } from "./compare";

// Reading /compare/{a}-vs-{b}[-vs-...]. A slug may itself hold "-vs-" (a tool named
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
 * in more than one way, the readings rank: one already in the canonical order (the address is
 * that set's own, so it never moves), then 2 to 4 different tools in another order, then one tool
 * (named twice or more, else alone), then a tool repeated among others, then more than four.
 * Within a rank the fewest tools win, then the longer earlier slugs. So the canonical address of
 * any set reads back as that set, or as another set with the very same address.
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
  /** The slugs that can start at a node, longest first: each with the node after it. */
  const stepsFrom = (node: number) =>
    ends
      .filter((end) => end > starts[node]!)
      .reverse()
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
  if (counts[0]!.size === 0) return { kind: "malformed" };

  // Every reading of at most four tools (at most C(15, 3) + ... = 576 of them), longer earlier
  // slugs first: the first of a rank and count is the one to keep.
  const readings: string[][] = [];
  const readFrom = (node: number, slugs: string[]) => {
    if (node === done) {
      readings.push([...slugs]);
      return;
    }
    const left = MAX_COMPARED_TOOLS - slugs.length;
    for (const { slug, next } of stepsFrom(node)) {
      if (![...counts[next]!].some((count) => count < left) || !isKnown(slug)) continue;
      slugs.push(slug);
      readFrom(next, slugs);
      slugs.pop();
    }
  };
  readFrom(0, []);

  const rankOf = (slugs: readonly string[]) => {
    const different = new Set(slugs).size;
    if (slugs.length < MIN_COMPARED_TOOLS || different === 1) return 2;
    if (different < slugs.length) return 3;
    return slugs.every((slug, at) => at === 0 || slugs[at - 1]! < slug) ? 0 : 1;
  };
  // One tool named twice or more reads as the comparison the address spells; alone it comes last.
  const countOf = (slugs: readonly string[]) =>
    slugs.length < MIN_COMPARED_TOOLS ? tooMany : slugs.length;
  let best: string[] | undefined;
  for (const slugs of readings) {
    if (
      !best ||
      rankOf(slugs) < rankOf(best) ||
      (rankOf(slugs) === rankOf(best) && countOf(slugs) < countOf(best))
    )
      best = slugs;
  }
  if (!best) return { kind: "too-many" };
  if (rankOf(best) === 2) return { kind: "one-tool", slug: best[0]! };
  return { kind: "tools", slugs: best };
}

/**
 * For an address that names a tool no longer listed: the known slugs it names and the rest, each
 * run of unknown pieces between known slugs as one (a slug may hold "-vs-"). The reading with the
 * most known slugs wins. Null when the address is not shaped like one, or names no unknown piece.
 */
export function readUnlistedSlugs(
  rest: string,
  isKnownSlug: (slug: string) => boolean,
): { known: string[]; unlisted: string[] } | null {
  if (rest.length > MAX_COMPARE_PATH_LENGTH || !SLUG_FORM.test(rest)) return null;
  const pieces = rest.split(COMPARE_SEPARATOR);
  if (pieces.length > MAX_COMPARE_PIECES) return null;
  // best[from]: the most known slugs the pieces from `from` on can be read as, and how.
  const best: { known: number; slugs: { slug: string; isKnown: boolean }[] }[] = [];
  best[pieces.length] = { known: 0, slugs: [] };
  for (let from = pieces.length - 1; from >= 0; from--) {
    let choice = { known: -1, slugs: [] as { slug: string; isKnown: boolean }[] };
    for (let to = pieces.length; to > from; to--) {
      const slug = pieces.slice(from, to).join(COMPARE_SEPARATOR);
      const after = best[to]!;
      const isKnown = isKnownSlug(slug);
      // An unknown piece is read one separator at a time; runs of them are joined below.
      if (!isKnown && to !== from + 1) continue;
      const known = after.known + (isKnown ? 1 : 0);
      if (known > choice.known) choice = { known, slugs: [{ slug, isKnown }, ...after.slugs] };
    }
    best[from] = choice;
  }
  const known: string[] = [];
  const unlisted: string[] = [];
  let run: string[] = [];
  for (const { slug, isKnown } of [...best[0]!.slugs, { slug: "", isKnown: true }]) {
    if (!isKnown) {
      run.push(slug);
      continue;
    }
    if (run.length > 0) unlisted.push(run.join(COMPARE_SEPARATOR));
    run = [];
    if (slug) known.push(slug);
  }
  return unlisted.length > 0 ? { known, unlisted } : null;
}
