import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { comparePath } from "~/lib/compare";
import { MAX_COMPARE_PATH_LENGTH, MAX_COMPARE_PIECES, readComparePath } from "~/lib/compare-path";
import { resolveComparePath } from "#server/services/compare/resolve-compare-path.server";
import { buildSnapshot } from "#server/snapshot/snapshot.server";
import { createToolCard } from "../factories";

// /compare/{a}-vs-{b}[-vs-...], where a slug may itself hold "-vs-".

const knownOf = (...slugs: string[]) => {
  const known = new Set(slugs);
  const asked: string[] = [];
  const isKnown = (slug: string) => {
    asked.push(slug);
    return known.has(slug);
  };
  return { isKnown, asked };
};

describe("reading a compare address", () => {
  it("reads two or more known slugs in the order the address names them", () => {
    const { isKnown } = knownOf("inkwell", "quill", "lead-owl");
    expect(readComparePath("quill-vs-inkwell", isKnown)).toEqual({
      kind: "tools",
      slugs: ["quill", "inkwell"],
    });
    expect(readComparePath("inkwell-vs-lead-owl-vs-quill", isKnown)).toEqual({
      kind: "tools",
      slugs: ["inkwell", "lead-owl", "quill"],
    });
  });

  it("reads a slug holding -vs- as one tool", () => {
    const { isKnown } = knownOf("humans-vs-ai", "inkwell", "vs-code", "ai-vs");
    expect(readComparePath("humans-vs-ai-vs-inkwell", isKnown)).toEqual({
      kind: "tools",
      slugs: ["humans-vs-ai", "inkwell"],
    });
    expect(readComparePath("inkwell-vs-humans-vs-ai", isKnown)).toEqual({
      kind: "tools",
      slugs: ["inkwell", "humans-vs-ai"],
    });
    expect(readComparePath("ai-vs-vs-vs-code", isKnown)).toEqual({
      kind: "tools",
      slugs: ["ai-vs", "vs-code"],
    });
  });

  it("reads the canonical address of any set of tools back as that set", () => {
    const slugs = ["humans", "ai", "humans-vs-ai", "zeta"];
    const { isKnown } = knownOf(...slugs);
    for (const set of [
      ["humans", "ai"],
      ["humans-vs-ai", "zeta"],
      ["ai", "humans", "zeta"],
    ]) {
      const rest = comparePath(set).slice("/compare/".length);
      const reading = readComparePath(rest, isKnown);
      expect(reading.kind).toBe("tools");
      if (reading.kind === "tools") expect([...reading.slugs].sort()).toEqual([...set].sort());
    }
  });

  it("reads an address as the set whose own address it is, whatever else it could be read as", () => {
    const { isKnown } = knownOf("spy", "spy-vs-spy");
    expect(readComparePath("spy-vs-spy-vs-spy", isKnown)).toEqual({
      kind: "tools",
      slugs: ["spy", "spy-vs-spy"],
    });
    const tester = knownOf("glide", "glide-vs-prismai", "prismai-vs-echoai", "echoai", "prismai");
    expect(readComparePath("glide-vs-prismai-vs-echoai", tester.isKnown)).toEqual({
      kind: "tools",
      slugs: ["glide", "prismai-vs-echoai"],
    });
  });

  it("reads one tool before more than four", () => {
    const { isKnown } = knownOf("a", "b", "c", "d", "e", "a-vs-b-vs-c-vs-d-vs-e");
    expect(readComparePath("a-vs-b-vs-c-vs-d-vs-e", isKnown)).toEqual({
      kind: "one-tool",
      slug: "a-vs-b-vs-c-vs-d-vs-e",
    });
  });

  it("reads one known slug, alone or repeated, as one tool", () => {
    const { isKnown } = knownOf("inkwell", "humans-vs-ai");
    expect(readComparePath("inkwell", isKnown)).toEqual({ kind: "one-tool", slug: "inkwell" });
    expect(readComparePath("humans-vs-ai", isKnown)).toEqual({
      kind: "one-tool",
      slug: "humans-vs-ai",
    });
    expect(readComparePath("inkwell-vs-inkwell", isKnown)).toEqual({
      kind: "one-tool",
      slug: "inkwell",
    });
  });

  it("keeps a tool named twice among others for the caller to refuse", () => {
    const { isKnown } = knownOf("a", "b");
    expect(readComparePath("a-vs-b-vs-a", isKnown)).toEqual({
      kind: "tools",
      slugs: ["a", "b", "a"],
    });
  });

  it("answers too-many for more than four tools, however the pieces group", () => {
    const { isKnown } = knownOf("a", "b", "c", "d", "e");
    expect(readComparePath("a-vs-b-vs-c-vs-d", isKnown).kind).toBe("tools");
    expect(readComparePath("a-vs-b-vs-c-vs-d-vs-e", isKnown)).toEqual({ kind: "too-many" });
    const many = Array.from({ length: MAX_COMPARE_PIECES + 1 }, () => "a").join("-vs-");
    expect(readComparePath(many, isKnown)).toEqual({ kind: "too-many" });
  });

  it("refuses malformed addresses without asking about any slug", () => {
    const { isKnown, asked } = knownOf("a", "b");
    for (const rest of [
      "",
      "a-vs-",
      "-vs-b",
      "a-vs--vs-b",
      "a_vs_b/extra",
      "a-VS-b",
      "A-vs-b",
      "a-vs-b.png",
      "a%20-vs-b",
      "a-vs-ü",
      "x".repeat(MAX_COMPARE_PATH_LENGTH + 1),
      "a-vs-".repeat(2000) + "b",
    ]) {
      expect(readComparePath(rest, isKnown), rest.slice(0, 40)).toEqual({ kind: "malformed" });
    }
    expect(asked).toEqual([]);
  });

  it("answers malformed for a slug no online tool has", () => {
    const { isKnown } = knownOf("a", "b");
    expect(readComparePath("a-vs-nope", isKnown)).toEqual({ kind: "malformed" });
    expect(readComparePath("nope", isKnown)).toEqual({ kind: "malformed" });
  });

  it("asks about each candidate slug at most once: bounded work at the piece cap", () => {
    const { isKnown, asked } = knownOf();
    const rest = Array.from({ length: MAX_COMPARE_PIECES }, (_, n) => `p${n}`).join("-vs-");
    expect(readComparePath(rest, isKnown)).toEqual({ kind: "malformed" });
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked.length).toBeLessThanOrEqual((MAX_COMPARE_PIECES * (MAX_COMPARE_PIECES + 1)) / 2);
  });
});

describe("resolving a compare address against the online tools", () => {
  const snapshot = buildSnapshot([
    createToolCard({ slug: "inkwell", category: "Writing", subCategory: "Editing" }),
    createToolCard({ slug: "quill", category: "Writing", subCategory: "Editing" }),
    createToolCard({ slug: "lead-owl", category: null, subCategory: null }),
  ]);
  const resolve = (rest: string) => resolveComparePath(snapshot, rest);

  it("answers the comparison at its canonical address", () => {
    expect(resolve("inkwell-vs-quill")).toEqual({
      kind: "comparison",
      slugs: ["inkwell", "quill"],
    });
  });

  it("moves any other order to the canonical address", () => {
    expect(resolve("quill-vs-inkwell")).toEqual({
      kind: "moved",
      to: "/compare/inkwell-vs-quill",
    });
    expect(resolve("quill-vs-lead-owl-vs-inkwell")).toEqual({
      kind: "moved",
      to: "/compare/inkwell-vs-lead-owl-vs-quill",
    });
  });

  it("moves one tool, alone or twice, to its page", () => {
    expect(resolve("inkwell-vs-inkwell")).toEqual({
      kind: "moved",
      to: "/ai-tools/writing/editing/inkwell",
    });
    expect(resolve("quill")).toEqual({ kind: "moved", to: "/ai-tools/writing/editing/quill" });
  });

  it("moves an address in capitals to where its lower case leads, in one hop", () => {
    expect(resolve("Inkwell-VS-Quill")).toEqual({
      kind: "moved",
      to: "/compare/inkwell-vs-quill",
    });
    expect(resolve("QUILL-vs-inkwell")).toEqual({
      kind: "moved",
      to: "/compare/inkwell-vs-quill",
    });
    expect(resolve("Quill")).toEqual({ kind: "moved", to: "/ai-tools/writing/editing/quill" });
    expect(resolve("Inkwell-vs-Unknown").kind).toBe("not-listed");
  });

  it("refuses a tool named twice among others, pointing to each once", () => {
    expect(resolve("quill-vs-inkwell-vs-quill")).toEqual({
      kind: "repeated",
      path: "/compare/inkwell-vs-quill",
    });
  });

  it("answers not found for malformed addresses", () => {
    expect(resolve("inkwell--quill")).toEqual({ kind: "not-found" });
    expect(resolve("inkwell-vs-quill.png")).toEqual({ kind: "not-found" });
  });

  it("names the tools not listed any more and the online ones beside them", () => {
    const inkwell = { slug: "inkwell", path: "/ai-tools/writing/editing/inkwell" };
    const quill = { slug: "quill", path: "/ai-tools/writing/editing/quill" };
    const shown = (rest: string) => {
      const page = resolve(rest);
      if (page.kind !== "not-listed") return page;
      const listed = page.listed.map(({ slug, path }) => ({ slug, path }));
      return { unlisted: page.unlisted, listed };
    };
    expect(shown("inkwell-vs-unknown")).toEqual({ unlisted: ["unknown"], listed: [inkwell] });
    expect(shown("unknown")).toEqual({ unlisted: ["unknown"], listed: [] });
    expect(shown("gone-vs-inkwell-vs-humans-vs-ai-vs-quill")).toEqual({
      unlisted: ["gone", "humans-vs-ai"],
      listed: [inkwell, quill],
    });
  });
});

describe("compare addresses of slugs holding -vs-", () => {
  // Slugs made of a few words, "vs" among them, so that addresses can be read in several ways.
  const slugArb = fc
    .array(fc.constantFrom("a", "b", "vs", "spy"), { minLength: 1, maxLength: 3 })
    .map((words) => words.join("-"));
  const catalogueArb = fc.uniqueArray(slugArb, { minLength: 2, maxLength: 8 });
  const snapshotOf = (slugs: readonly string[]) =>
    buildSnapshot(slugs.map((slug) => createToolCard({ slug, category: null, subCategory: null })));
  const restOf = (path: string) => path.slice("/compare/".length);

  it("answers every set's canonical address with a comparison at that address, never a move", () => {
    fc.assert(
      fc.property(
        catalogueArb.chain((slugs) =>
          fc.tuple(
            fc.constant(slugs),
            fc.shuffledSubarray(slugs, { minLength: 2, maxLength: Math.min(4, slugs.length) }),
          ),
        ),
        ([catalogue, set]) => {
          const address = comparePath(set);
          const page = resolveComparePath(snapshotOf(catalogue), restOf(address));
          expect(page.kind).toBe("comparison");
          if (page.kind === "comparison") expect(comparePath(page.slugs)).toBe(address);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("moves any order of a set at most once, to a comparison", () => {
    fc.assert(
      fc.property(
        catalogueArb.chain((slugs) =>
          fc.tuple(
            fc.constant(slugs),
            fc.shuffledSubarray(slugs, { minLength: 2, maxLength: Math.min(4, slugs.length) }),
          ),
        ),
        ([catalogue, order]) => {
          const snapshot = snapshotOf(catalogue);
          const rest = order.join("-vs-");
          const page = resolveComparePath(snapshot, rest);
          if (page.kind === "comparison") return;
          expect(page.kind).toBe("moved");
          if (page.kind !== "moved") return;
          expect(page.to).not.toBe(`/compare/${rest}`);
          expect(resolveComparePath(snapshot, restOf(page.to)).kind).toBe("comparison");
        },
      ),
      { numRuns: 2000 },
    );
  });
});
