import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_SEARCH_RESULTS } from "~/lib/constants";
import { forEachWordWithinTypos, typoDistance } from "#server/search/edit-distance.server";
import { MAX_POPULARITY, popularity, relevance } from "#server/search/relevance.server";
import {
  buildSearchIndex,
  searchDocuments,
  type SearchDocument,
} from "#server/search/search-index.server";
import {
  formKeyOf,
  indexWords,
  queryTokens,
  queryWords,
  stemOf,
  yFormsOf,
} from "#server/search/tokenize.server";
import { createSearchDocument as doc } from "../factories";

function namesFor(docs: SearchDocument[], query: string, limit?: number): string[] {
  const index = buildSearchIndex(docs);
  return searchDocuments(index, query, limit).map((hit) => docs[hit.doc]!.name);
}

/**
 * The full optimal-string-alignment table of `a` against `b`: cell [i][j] is the least edits
 * (insert, delete, substitute, swap two neighbours) turning a[0 .. i) into b[0 .. j).
 */
function alignmentTable(a: string, b: string): number[][] {
  const table = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const candidates = [
        table[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
        table[i - 1]![j]! + 1,
        table[i]![j - 1]! + 1,
      ];
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        candidates.push(table[i - 2]![j - 2]! + 1);
      }
      table[i]![j] = Math.min(...candidates);
    }
  }
  return table;
}

/** The least edits that turn `query` into some beginning of `word`, by the full table. */
function prefixEditDistance(query: string, word: string): number {
  return Math.min(...alignmentTable(query, word)[query.length]!);
}

/** [word, typos] of every word of the sorted list within maxEdits typos of the query. */
function withinTypos(words: string[], query: string, maxEdits: number): [string, number][] {
  const found: [string, number][] = [];
  forEachWordWithinTypos(words, 0, words.length, query, maxEdits, (word, typos) =>
    found.push([words[word]!, typos]),
  );
  return found;
}

describe("typo matching", () => {
  it.each([
    ["transcrption", "transcription", 1, 1],
    ["transcription", "transcription", 1, 0],
    ["market", "marketing", 0, 0],
    ["markte", "marketing", 0, 1],
    ["markteing", "marketing", 1, 1],
    ["invocie", "invoice", 1, 1],
    ["recieve", "receive", 2, 1],
    ["reciept", "receipt", 1, 1],
    ["bulider", "builder", 1, 1],
    ["chatbto", "chatbot", 1, 1],
    ["seo", "seo", 0, 0],
    ["automaton", "automation", 1, 1],
    ["xyzxyzxyz", "marketing", 1, 2],
  ])("%s -> %s within %i typos is %i typos away", (query, word, maxEdits, typos) => {
    expect(withinTypos([word], query, maxEdits)).toEqual(typos <= maxEdits ? [[word, typos]] : []);
  });

  it("matches a typo in the beginning of a longer word", () => {
    expect(withinTypos(["transcription"], "transcrip", 1)).toEqual([["transcription", 0]]);
    expect(withinTypos(["transcription"], "trnscript", 1)).toEqual([["transcription", 1]]);
  });

  it("counts two neighbouring letters swapped as one typo, wherever they are", () => {
    // At the start, in the middle, at the end, and inside a beginning of a longer word.
    expect(withinTypos(["invoice"], "nivoice", 1)).toEqual([["invoice", 1]]);
    expect(withinTypos(["invoice"], "invocie", 1)).toEqual([["invoice", 1]]);
    expect(withinTypos(["invoice"], "invoiec", 1)).toEqual([["invoice", 1]]);
    expect(withinTypos(["builder"], "bulid", 1)).toEqual([["builder", 1]]);
    expect(withinTypos(["builder", "building", "built"], "ubil", 1)).toEqual([
      ["builder", 1],
      ["building", 1],
      ["built", 1],
    ]);
    expect(withinTypos(["invoice"], "nivoice", 0)).toEqual([]);
  });

  it("counts letters two apart swapped as two typos", () => {
    expect(withinTypos(["invoice"], "icvoine", 2)).toEqual([["invoice", 2]]);
    expect(withinTypos(["invoice"], "icvoine", 1)).toEqual([]);
  });

  it("finds in a sorted vocabulary exactly the words the full alignment table finds", () => {
    const word = fc.string({ unit: fc.constantFrom(..."abcde"), minLength: 1, maxLength: 9 });
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { maxLength: 40 }),
        word,
        fc.integer({ min: 0, max: 3 }),
        (words, query, maxEdits) => {
          words.sort();
          const expected = words
            .map((w): [string, number] => [w, prefixEditDistance(query, w)])
            .filter(([, typos]) => typos <= maxEdits);
          expect(withinTypos(words, query, maxEdits)).toEqual(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("finds exactly what the full table finds for long words in any part of the vocabulary", () => {
    // Words up to MAX_WORD_LENGTH, with shared beginnings, searched between any two positions
    // (matchWord searches the vocabulary before and after a stem's range).
    const word = fc.string({ unit: fc.constantFrom(..."abc"), minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { maxLength: 30 }),
        word,
        fc.integer({ min: 1, max: 2 }),
        fc.nat(),
        fc.nat(),
        (words, query, maxEdits, a, b) => {
          words.sort();
          const [from, to] = [a, b].map((n) => n % (words.length + 1)).sort((x, y) => x - y);
          const expected = words
            .slice(from, to)
            .map((w): [string, number] => [w, prefixEditDistance(query, w)])
            .filter(([, typos]) => typos <= maxEdits);
          const found: [string, number][] = [];
          forEachWordWithinTypos(words, from!, to!, query, maxEdits, (at, typos) =>
            found.push([words[at]!, typos]),
          );
          expect(found).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("measures whole words exactly as the full alignment table does", () => {
    expect(typoDistance("reciept", "receipt")).toBe(1);
    expect(typoDistance("receipt", "receipts")).toBe(1);
    expect(typoDistance("ca", "abc")).toBe(3);
    const word = fc.string({ unit: fc.constantFrom(..."abcd"), maxLength: 10 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        const distance = typoDistance(a, b);
        expect(distance).toBe(alignmentTable(a, b)[a.length]![b.length]);
        expect(typoDistance(b, a)).toBe(distance);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("tokenizing", () => {
  it("lower-cases, drops accents and indexes joined words with their parts", () => {
    expect(indexWords("Café E-commerce GPT-4")).toEqual([
      "cafe",
      "e",
      "commerce",
      "ecommerce",
      "gpt",
      "4",
      "gpt4",
    ]);
  });
  it("indexes exactly the words of the pattern decision 005 describes, in any text", () => {
    // The pattern, applied with regular expressions: what the index's own scan must give.
    const byPattern = (text: string) => {
      const lower = text.toLowerCase();
      const normal = /[^ -~\t\n\r]/.test(lower)
        ? lower.normalize("NFKD").replace(/\p{M}/gu, "")
        : lower;
      return [...normal.matchAll(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu)].flatMap(([token]) => {
        const parts = token.split(/['’.-]/);
        const whole = parts.join("").slice(0, 40);
        return parts.length === 1 ? [whole] : [...parts.map((part) => part.slice(0, 40)), whole];
      });
    };
    const unit = fc.oneof(
      fc.constantFrom(..."aZ9 -.'’_,é\u0301ﬁİßΣ日𝐁😀\ud800K\u00a0ℌ\t"),
      fc.string({ unit: "binary", maxLength: 1 }),
    );
    const longWord = fc.string({
      unit: fc.constantFrom("x", "Y", "-", "é"),
      minLength: 38,
      maxLength: 60,
    });
    // Texts that turn out not to be ASCII part way through a word.
    for (const text of ["e-\u0301x", "ab.cd-é", "x'y’z", "Go-\u00a0on", "a.b-ℌc", "Q-𝐁"]) {
      expect(indexWords(text)).toEqual(byPattern(text));
    }
    fc.assert(
      fc.property(fc.array(fc.oneof(unit, longWord), { maxLength: 30 }), (pieces) => {
        const text = pieces.join("");
        expect(indexWords(text)).toEqual(byPattern(text));
      }),
      { numRuns: 300 },
    );
  });
  it("drops query words shorter than the minimum match length", () => {
    expect(queryWords("a CRM for e-commerce", 2)).toEqual(["crm", "for", "ecommerce"]);
  });
  it("keeps every query token in order for joining, one-letter words and repeats included", () => {
    expect(queryTokens("E mail, e-mail and E mail")).toEqual([
      "e",
      "mail",
      "email",
      "and",
      "e",
      "mail",
    ]);
    expect(queryWords("E mail, e-mail and E mail", 2)).toEqual(["mail", "email", "and"]);
  });
  it("gives a word ending in a consonant and y its -ies and -ied forms as whole words", () => {
    expect(yFormsOf("company")).toEqual(["companies", "companied", "companie"]);
    expect(yFormsOf("companies")).toEqual(["company", "companied", "companie"]);
    expect(yFormsOf("cookies")).toContain("cookie");
    for (const word of ["display", "journey", "fly", "ties", "tool"]) {
      expect(yFormsOf(word)).toEqual([]);
    }
  });

  it("cuts no beginning shared with other words from a word ending in a consonant and y or ies", () => {
    // A stem is searched as a beginning: "compan" would find "companion", "polic" "police".
    for (const word of ["company", "companies", "policy", "policies", "story", "stories"]) {
      expect(stemOf(word)).toBeNull();
    }
  });

  it("gives a word's forms one key, compared whole", () => {
    const pairs: [string, string][] = [
      ["company", "companies"],
      ["story", "stories"],
      ["automation", "automated"],
      ["note", "notes"],
    ];
    for (const [word, other] of pairs) {
      expect(formKeyOf(word) ?? word).toBe(formKeyOf(other) ?? other);
    }
  });
});

describe("popularity and relevance", () => {
  it("caps views at 50 points and likes at 30, and adds rating x 5", () => {
    expect(popularity({ views: 1_000, likesTotal: 3, ratingAvg: 4 })).toBe(10 + 6 + 20);
    expect(popularity({ views: 1_000_000, likesTotal: 1_000, ratingAvg: 5 })).toBe(MAX_POPULARITY);
    expect(MAX_POPULARITY).toBe(105);
  });
  it("weighs the match 70% and popularity 30%", () => {
    expect(relevance(1, 0)).toBeCloseTo(0.7);
    expect(relevance(0, MAX_POPULARITY)).toBeCloseTo(0.3);
    expect(relevance(0.5, MAX_POPULARITY / 2)).toBeCloseTo(0.5);
  });
});

describe("searchDocuments", () => {
  it("does not search a query shorter than two characters, trimmed", () => {
    expect(namesFor([doc({ name: "A" })], " a ")).toEqual([]);
    expect(namesFor([doc({ name: "AI Helper" })], "ai")).toEqual(["AI Helper"]);
  });

  it("finds a word by its beginning and with typos by its length", () => {
    const docs = [
      doc({ name: "Scribe", cardDescription: "Meeting transcription in real time." }),
      doc({ name: "Other" }),
    ];
    expect(namesFor(docs, "transcrption")).toEqual(["Scribe"]);
    expect(namesFor(docs, "transcri")).toEqual(["Scribe"]);
    // Four letters allow no typo.
    expect(namesFor(docs, "reel")).toEqual([]);
  });

  it("needs every query word to match somewhere, in any field", () => {
    const docs = [
      doc({
        name: "Flowly",
        category: "Marketing",
        longDescription: "Long text. Deep inside it we mention automation of campaigns.",
      }),
      doc({ name: "Marketer", category: "Marketing" }),
      doc({ name: "Robot", keyFeatures: ["Workflow automation"] }),
    ];
    expect(namesFor(docs, "marketing automation")).toEqual(["Flowly"]);
    expect(namesFor(docs, "automation").sort()).toEqual(["Flowly", "Robot"]);
  });

  it("searches hashtags, key features and SEO fields", () => {
    const docs = [
      doc({ name: "Tagged", hashtags: ["#podcasting"] }),
      doc({ name: "Featured", keyFeatures: ["Voice cloning"] }),
      doc({ name: "Seo", seo: { titleTag: "Best invoicing robot", metaDescription: "" } }),
    ];
    expect(namesFor(docs, "podcasting")).toEqual(["Tagged"]);
    expect(namesFor(docs, "cloning")).toEqual(["Featured"]);
    expect(namesFor(docs, "invoicing")).toEqual(["Seo"]);
  });

  it("ranks by the field weights when popularity is equal", () => {
    const docs = [
      doc({ name: "Meta", seo: { titleTag: "", metaDescription: "budget planner" } }),
      doc({ name: "Long", longDescription: "a budget planner" }),
      doc({ name: "Card", cardDescription: "budget planner" }),
      doc({ name: "Budget Planner Pro" }),
      doc({ name: "Sub", subCategory: "Budget" }),
    ];
    expect(namesFor(docs, "budget")).toEqual(["Budget Planner Pro", "Sub", "Card", "Long", "Meta"]);
  });

  it("lets popularity lift an equally good match (30% share)", () => {
    const docs = [
      doc({ name: "Quiet Notes", cardDescription: "notes" }),
      doc({
        name: "Loud Notes",
        cardDescription: "notes",
        views: 5_000,
        likesTotal: 15,
        ratingAvg: 5,
      }),
    ];
    expect(namesFor(docs, "notes")).toEqual(["Loud Notes", "Quiet Notes"]);
  });

  it("puts an exact name match first, whatever its popularity", () => {
    const docs = [
      doc({ name: "Notion AI Helper", views: 90_000, likesTotal: 500, ratingAvg: 5 }),
      doc({ name: "Notion", views: 0, likesTotal: 0, ratingAvg: 0 }),
    ];
    expect(namesFor(docs, "  notion ")).toEqual(["Notion", "Notion AI Helper"]);
  });

  it("finds other forms of a word, ranked below the word itself", () => {
    const docs = [
      doc({ name: "Flow", cardDescription: "Automates your marketing emails." }),
      doc({ name: "Pilot", cardDescription: "Marketing automation for teams." }),
      doc({ name: "Meet", cardDescription: "Joins every meeting." }),
    ];
    expect(namesFor(docs, "marketing automation")).toEqual(["Pilot", "Flow"]);
    expect(namesFor(docs, "meetings")).toEqual(["Meet"]);
    expect(stemOf("automation")).toBe("automat");
    expect(stemOf("notes")).toBe("note");
    expect(stemOf("tools")).toBe("tool");
    expect(stemOf("seo")).toBeNull();
  });

  it("matches a name written as one word, with the name's weight", () => {
    const docs = [
      doc({ name: "Mentions", cardDescription: "Works with ChatGPT." }),
      doc({ name: "Chat GPT-4 Writer", cardDescription: "A ChatGPT helper." }),
    ];
    expect(namesFor(docs, "chatgpt")).toEqual(["Chat GPT-4 Writer", "Mentions"]);
    expect(namesFor(docs, "chatgpt4writer")).toEqual(["Chat GPT-4 Writer"]);
  });

  it("forgives a long word two typos, not three", () => {
    const long = "pneumonoultramicroscopicsilicovolcanoconiosis".slice(0, 40);
    const index = buildSearchIndex([doc({ name: long })]);
    const [hit] = searchDocuments(index, `x${long.slice(1, 20)}y${long.slice(21)}`);
    expect(hit?.relevance).toBeGreaterThan(0);
    expect(hit?.typos).toBe(1);
    expect(
      searchDocuments(index, `x${long.slice(1, 10)}y${long.slice(11, 20)}z${long.slice(21)}`),
    ).toEqual([]);
  });

  it("returns at most 1000 results, the best ones", () => {
    const docs = Array.from({ length: MAX_SEARCH_RESULTS + 50 }, (_, i) =>
      doc({ name: `Robot ${i}`, ratingAvg: (5 * i) / (MAX_SEARCH_RESULTS + 49) }),
    );
    const index = buildSearchIndex(docs);
    const hits = searchDocuments(index, "robot");
    expect(hits).toHaveLength(MAX_SEARCH_RESULTS);
    expect(hits[0]!.doc).toBe(MAX_SEARCH_RESULTS + 49);
    expect(hits.every((hit, i) => i === 0 || hits[i - 1]!.relevance >= hit.relevance)).toBe(true);
  });

  it("keeps the best `limit` hits of many, ties in index order, whatever the limit", () => {
    const doc_ = fc.record({
      name: fc.constantFrom("Alpha Notes", "Notes", "Beta", "Notebook AI", "Gamma"),
      cardDescription: fc.constantFrom("notes", "ai notes", "beta notes", ""),
      views: fc.constantFrom(0, 100, 2_500),
      likesTotal: fc.nat(3),
      ratingAvg: fc.constantFrom(0, 4, 4.5),
    });
    fc.assert(
      fc.property(
        fc.array(doc_, { minLength: 1, maxLength: 120 }),
        fc.constantFrom("notes", "note", "ai", "alpha notes", "beta"),
        fc.integer({ min: 1, max: 30 }),
        (fields, query, limit) => {
          const index = buildSearchIndex(fields.map((f) => doc(f)));
          const all = searchDocuments(index, query, Number.MAX_SAFE_INTEGER);
          expect(searchDocuments(index, query, limit)).toEqual(all.slice(0, limit));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives the same answer when asked twice (match cache) and after other queries", () => {
    const docs = [doc({ name: "Alpha Writer" }), doc({ name: "Beta Writer" })];
    const index = buildSearchIndex(docs);
    const first = searchDocuments(index, "writer");
    searchDocuments(index, "alpha");
    expect(searchDocuments(index, "writer")).toEqual(first);
    expect(searchDocuments(index, "alpha writer").map((hit) => hit.doc)).toEqual([0]);
  });
});
