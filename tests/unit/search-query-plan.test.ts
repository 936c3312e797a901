import { describe, expect, it } from "vitest";
import { MAX_READINGS, planQuery, SYNONYM_QUALITY } from "#server/search/query-plan.server";
import { MAX_QUERY_WORDS, type QueryReading } from "#server/search/query-reading.server";
import { OTHER_FORM_QUALITY } from "#server/search/relevance.server";
import {
  buildSearchIndex,
  searchDocuments,
  type SearchDocument,
} from "#server/search/search-index.server";
import { createSearchDocument as doc } from "../factories";

const DOCS: SearchDocument[] = [
  doc({ name: "Inbox Pilot", cardDescription: "Email marketing campaigns and newsletters." }),
  doc({ name: "Jotter", cardDescription: "Note taking for teams.", hashtags: ["notes"] }),
  doc({ name: "LumenDock", cardDescription: "Video editing in the browser." }),
  doc({ name: "Crawly", cardDescription: "Web scraping without code." }),
  doc({ name: "Quick Notetaker", cardDescription: "Writes down what was said." }),
  doc({ name: "Hire Well", cardDescription: "Resume screening with an ATS.", hashtags: ["hr"] }),
  doc({ name: "People First", cardDescription: "Human resources software for payroll." }),
  doc({ name: "Rank Up", cardDescription: "Search engine optimization audits." }),
  doc({ name: "Tidy", cardDescription: "Organises files and folders." }),
  doc({ name: "Helpful", cardDescription: "A help desk with a helpdesk bot." }),
];
const INDEX = buildSearchIndex(DOCS);

/** Each reading as its terms' first words joined by a space, with its cost when it has one. */
function shown(readings: readonly QueryReading[]): string[] {
  return readings.map((reading) => {
    const words = reading.terms.map((term) => term.forms[0]!.word).join(" ");
    return reading.typos > 0 ? `${words} (${reading.typos})` : words;
  });
}

const formsOf = (query: string, term: number) => planQuery(INDEX, query)[0]!.terms[term]!.forms;

function namesFor(query: string): string[] {
  return searchDocuments(INDEX, query).map((hit) => DOCS[hit.doc]!.name);
}

describe("the typed reading", () => {
  it("makes each typed word of two or more characters a term, typos forgiven, first", () => {
    const [typed] = planQuery(INDEX, "Email a Campaign");
    expect(typed).toEqual({
      terms: [
        { forms: [{ word: "email", quality: 1, allowsTypos: true }] },
        { forms: [{ word: "campaign", quality: 1, allowsTypos: true }] },
      ],
      typos: 0,
    });
  });

  it("reads nothing in a query without a word of two characters", () => {
    expect(planQuery(INDEX, "a b c")).toEqual([]);
    expect(planQuery(INDEX, "  ")).toEqual([]);
  });

  it("keeps at most MAX_QUERY_WORDS terms", () => {
    const words = Array.from({ length: 12 }, (_, i) => `word${i}`);
    expect(planQuery(INDEX, words.join(" "))[0]!.terms).toHaveLength(MAX_QUERY_WORDS);
  });

  it("adds an indexed one-word synonym as a form that counts a little less and forgives no typo", () => {
    expect(formsOf("cv", 0)).toEqual([
      { word: "cv", quality: 1, allowsTypos: true },
      { word: "resume", quality: SYNONYM_QUALITY, allowsTypos: false },
    ]);
    expect(formsOf("cvs", 0).map((form) => form.word)).toEqual(["cvs", "resume"]);
  });

  it("adds the other spelling of a British or American word when a tool has it", () => {
    expect(formsOf("organize", 0).slice(0, 2)).toEqual([
      { word: "organize", quality: 1, allowsTypos: true },
      { word: "organise", quality: 1, allowsTypos: false },
    ]);
    expect(formsOf("optimisation", 0).map((form) => form.word)).toEqual([
      "optimisation",
      "optimization",
    ]);
    expect(formsOf("realize", 0).map((form) => form.word)).toEqual(["realize"]);
  });

  it("adds the -ing form of an -er word that finds nothing as typed", () => {
    expect(formsOf("taker", 0)).toEqual([
      { word: "taker", quality: 1, allowsTypos: true },
      { word: "taking", quality: 0.85, allowsTypos: false },
    ]);
    expect(formsOf("notetaker", 0).map((form) => form.word)).toEqual(["notetaker"]);
  });

  it("adds the -ing form of an -ers word that finds nothing as typed", () => {
    expect(formsOf("takers", 0).map((form) => form.word)).toEqual(["takers", "taking"]);
  });

  it("adds the -ing form of a word ending in e, in both spellings, when a tool can match it", () => {
    const index = buildSearchIndex([
      doc({ name: "Billy", cardDescription: "Invoicing made easy." }),
      doc({ name: "Tuner", cardDescription: "Search engine optimization." }),
      doc({ name: "Suite", cardDescription: "Office software." }),
    ]);
    const forms = (query: string) => planQuery(index, query)[0]!.terms[0]!.forms;
    expect(forms("invoice")).toEqual([
      { word: "invoice", quality: 1, allowsTypos: true },
      { word: "invoicing", quality: OTHER_FORM_QUALITY, allowsTypos: false },
    ]);
    // "optimizing" is in no tool, but its stem "optimiz" begins "optimization".
    expect(forms("optimise").map((form) => form.word)).toEqual(["optimise", "optimizing"]);
    expect(forms("optimised").map((form) => form.word)).toEqual(["optimised", "optimized"]);
    expect(forms("create").map((form) => form.word)).toEqual(["create"]);
    // "softwar" begins no word "software" does not.
    expect(forms("software").map((form) => form.word)).toEqual(["software"]);
  });

  it("finds a British -ise word in a tool that has only the American -ization noun, without a typo", () => {
    const docs = [doc({ name: "Tuner", cardDescription: "Search engine optimization." })];
    const index = buildSearchIndex(docs);
    for (const query of ["optimise", "optimize", "optimised", "optimising"]) {
      expect(searchDocuments(index, query).map((hit) => [docs[hit.doc]!.name, hit.typos])).toEqual([
        ["Tuner", 0],
      ]);
    }
  });

  it("ranks a tool named with the -ing form above one with the word deep in its text and a typo match", () => {
    const docs = [
      doc({ name: "Headshots", longDescription: "Also sends an invoice now and then." }),
      doc({ name: "Unvoice", cardDescription: "Voice changer." }),
      doc({ name: "Invoicing Pro", cardDescription: "Bills for freelancers." }),
    ];
    const hits = searchDocuments(buildSearchIndex(docs), "invoice");
    expect(hits.map((hit) => [docs[hit.doc]!.name, hit.typos])).toEqual([
      ["Invoicing Pro", 0],
      ["Headshots", 0],
      ["Unvoice", 1],
    ]);
  });
});

describe("joins", () => {
  it("reads two neighbouring words as the indexed word they make, one-letter words included", () => {
    expect(shown(planQuery(INDEX, "e mail marketing"))).toEqual([
      "mail marketing",
      "email marketing",
    ]);
    expect(shown(planQuery(INDEX, "lumen dock"))).toEqual(["lumen dock", "lumendock"]);
    expect(shown(planQuery(INDEX, "help desk"))).toEqual(["help desk", "helpdesk"]);
  });

  it("joins three words, the longer join first", () => {
    const index = buildSearchIndex([doc({ name: "ChatWithPDF" }), doc({ name: "Chatwith" })]);
    expect(shown(planQuery(index, "chat with pdf"))).toEqual([
      "chat with pdf",
      "chatwithpdf",
      "chatwith pdf",
    ]);
  });

  it("joins into the beginning of an indexed word, as a typed word matches", () => {
    expect(shown(planQuery(INDEX, "note take"))).toEqual(["note take", "notetake"]);
  });

  it("joins into a mere beginning only at the end of the query", () => {
    const index = buildSearchIndex([doc({ cardDescription: "Forecasts for ecommerce." })]);
    expect(shown(planQuery(index, "for e commerce"))).toEqual(["for commerce", "for ecommerce"]);
    expect(shown(planQuery(index, "commerce for e"))).toEqual(["commerce for", "commerce fore"]);
  });

  it("does not join words that no indexed word begins with once joined", () => {
    expect(shown(planQuery(INDEX, "video editing"))).toEqual(["video editing"]);
  });

  it("finds a tool by its one word when the words are typed apart, in any field", () => {
    expect(namesFor("e mail marketing")).toEqual(["Inbox Pilot"]);
    expect(namesFor("note taker")).toEqual(["Quick Notetaker", "Jotter"]);
  });
});

describe("splits", () => {
  it("reads a word that is no indexed word as two indexed words, at the cost of a typo", () => {
    const readings = planQuery(INDEX, "notetaking teams");
    expect(shown(readings)).toEqual(["notetaking teams", "note taking teams (1)"]);
    expect(readings[1]!.terms[0]!.forms).toEqual([
      { word: "note", quality: 1, allowsTypos: false },
    ]);
    expect(shown(planQuery(INDEX, "webscraping"))).toEqual(["webscraping", "web scraping (1)"]);
  });

  it("splits where the rarer part is found in the most tools", () => {
    const index = buildSearchIndex([
      doc({ cardDescription: "hand set" }),
      doc({ cardDescription: "set" }),
      doc({ cardDescription: "set hands et" }),
      doc({ cardDescription: "hands et" }),
    ]);
    // hand (in 1 tool) + set (3), or hands (2) + et (2): the second.
    expect(shown(planQuery(index, "handset"))).toEqual(["handset", "hands et (1)"]);
  });

  it("does not split a word shorter than six letters, more likely mistyped", () => {
    const index = buildSearchIndex([doc({ cardDescription: "le ter letter" })]);
    expect(shown(planQuery(index, "leter"))).toEqual(["leter"]);
  });

  it("splits a word a tool has only into whole words each in as many tools as the word", () => {
    const index = buildSearchIndex([
      doc({ name: "Site Kit", cardDescription: "A website builder." }),
      doc({ name: "Pages", cardDescription: "A builder for your website." }),
      doc({ name: "Joined", cardDescription: "The websitebuilder for shops." }),
      doc({ name: "Ads", cardDescription: "Marketing for the stock market." }),
      doc({ name: "Mailer", cardDescription: "Email marketing." }),
      doc({ name: "Bank", cardDescription: "Payments with ING." }),
      doc({ name: "Helpful", cardDescription: "A help desk with a helpdesk bot." }),
    ]);
    expect(shown(planQuery(index, "websitebuilder"))).toEqual([
      "websitebuilder",
      "website builder (1)",
    ]);
    // "market" and "ing" are in one tool each, "marketing" in two.
    expect(shown(planQuery(index, "marketing"))).toEqual(["marketing"]);
    // Not into a beginning: "helpdes" is "helpdesk" being typed.
    expect(shown(planQuery(index, "helpdes"))).toEqual(["helpdes"]);
  });

  it("does not split a word a tool has at a word of two letters", () => {
    const index = buildSearchIndex([
      doc({ cardDescription: "Invoice in seconds." }),
      doc({ cardDescription: "Voice in, text out." }),
    ]);
    expect(shown(planQuery(index, "invoice"))).toEqual(["invoice"]);
  });

  it("splits a joined word whose second part is found through a form we add", () => {
    const docs = [
      doc({ name: "Jotter", cardDescription: "Note taking for teams." }),
      doc({ name: "Wave AI Note Taker" }),
    ];
    const index = buildSearchIndex(docs);
    expect(shown(planQuery(index, "notetakers"))).toEqual(["notetakers", "note takers (1)"]);
    expect(searchDocuments(index, "notetakers").map((hit) => docs[hit.doc]!.name)).toEqual([
      "Wave AI Note Taker",
      "Jotter",
    ]);
    expect(searchDocuments(index, "wave notetaker").map((hit) => docs[hit.doc]!.name)).toEqual([
      "Wave AI Note Taker",
    ]);
  });

  it("ranks the tools of a split below those of the word as a tool has it", () => {
    const docs = [
      doc({ name: "Apart", cardDescription: "A photo editor." }),
      doc({ name: "Joined", longDescription: "The photoeditor." }),
      doc({ name: "Also Apart", cardDescription: "Photo editor, photo filters." }),
    ];
    const hits = searchDocuments(buildSearchIndex(docs), "photoeditor");
    expect(hits.map((hit) => [docs[hit.doc]!.name, hit.typos])).toEqual([
      ["Joined", 0],
      ["Apart", 1],
      ["Also Apart", 1],
    ]);
  });

  it("finds the two words apart, counted as a typo", () => {
    const docs = [doc({ name: "Apart", cardDescription: "Note taking." })];
    const hits = searchDocuments(buildSearchIndex(docs), "notetaking");
    expect(hits.map((hit) => [docs[hit.doc]!.name, hit.typos])).toEqual([["Apart", 1]]);
  });
});

describe("phrase synonyms", () => {
  it("reads an abbreviation as its phrase and a phrase as its abbreviation", () => {
    expect(shown(planQuery(INDEX, "hr software"))).toEqual([
      "hr software",
      "human resources software",
    ]);
    expect(shown(planQuery(INDEX, "human resources tool"))).toEqual([
      "human resources tool",
      "hr tool",
    ]);
    expect(shown(planQuery(INDEX, "applicant tracking"))).toEqual(["applicant tracking", "ats"]);
  });

  it("reads no phrase some of whose words no tool has", () => {
    expect(shown(planQuery(INDEX, "llm"))).toEqual(["llm"]);
  });

  it("gives the words put in a phrase's place the synonym quality and no typos", () => {
    const [, phrase] = planQuery(INDEX, "hr software");
    expect(phrase!.terms.map((term) => term.forms[0])).toEqual([
      { word: "human", quality: SYNONYM_QUALITY, allowsTypos: false },
      { word: "resources", quality: SYNONYM_QUALITY, allowsTypos: false },
      { word: "software", quality: 1, allowsTypos: true },
    ]);
    expect(phrase!.typos).toBe(0);
  });

  it("finds the tools that use the other words", () => {
    expect(namesFor("human resources")).toEqual(["People First", "Hire Well"]);
    expect(namesFor("seo")).toEqual(["Rank Up"]);
  });
});

describe("the number of readings", () => {
  it("stops at MAX_READINGS, the typed reading first", () => {
    // Each two neighbouring words of the query are one indexed word: seven joins.
    const index = buildSearchIndex([
      doc({ cardDescription: "aabb bbcc ccdd ddee eeff ffgg gghh" }),
    ]);
    const readings = planQuery(index, "aa bb cc dd ee ff gg hh");
    expect(readings).toHaveLength(MAX_READINGS);
    expect(shown(readings)[0]).toBe("aa bb cc dd ee ff gg hh");
  });
});

describe("long queries", () => {
  it("skips a reading with more than MAX_QUERY_WORDS terms rather than cut a typed word from it", () => {
    const docs = [
      doc({ name: "Ads Helper", cardDescription: "Pay per click alpha bravo charlie delta echo." }),
      doc({ name: "Other", cardDescription: "foxtrot golf" }),
    ];
    const index = buildSearchIndex(docs);
    const query = "ppc alpha bravo charlie delta echo foxtrot golf";
    for (const reading of planQuery(index, query)) {
      expect(reading.terms.length).toBeLessThanOrEqual(MAX_QUERY_WORDS);
    }
    expect(searchDocuments(index, query)).toEqual([]);
    expect(searchDocuments(index, "ppc alpha bravo").map((hit) => docs[hit.doc]!.name)).toEqual([
      "Ads Helper",
    ]);
  });

  it("reads no join that would take the place of a typed word", () => {
    const docs = [
      doc({ name: "Xyz Tool", cardDescription: "xyz alpha bravo charlie delta echo foxtrot golf" }),
      doc({ name: "Other", cardDescription: "hotel" }),
    ];
    const index = buildSearchIndex(docs);
    const query = "x y z alpha bravo charlie delta echo foxtrot golf hotel";
    expect(searchDocuments(index, query)).toEqual([]);
    expect(searchDocuments(index, "x y z alpha").map((hit) => docs[hit.doc]!.name)).toEqual([
      "Xyz Tool",
    ]);
  });
});

describe("words ending in a consonant and y", () => {
  const docs = [
    doc({ name: "Buddy", cardDescription: "Your AI companion for lonely evenings." }),
    doc({ name: "Firmo", cardDescription: "Research any company in seconds." }),
    doc({ name: "Lister", cardDescription: "Lists companies and their founders." }),
    doc({ name: "Caster", cardDescription: "A police scanner." }),
    doc({ name: "Rulebook", cardDescription: "Writes a privacy policy." }),
    doc({ name: "Crumbs", cardDescription: "Cookie banners for your site." }),
  ];
  const index = buildSearchIndex(docs);
  /** [name, typos] of each hit, by name. */
  const found = (query: string) =>
    searchDocuments(index, query)
      .map((hit): [string, number] => [docs[hit.doc]!.name, hit.typos])
      .sort(([a], [b]) => a.localeCompare(b));

  it("finds the -ies form of a word and the word of its -ies form, without typos", () => {
    expect(found("company")).toContainEqual(["Lister", 0]);
    expect(found("companies")).toContainEqual(["Firmo", 0]);
    expect(found("companies")).toContainEqual(["Lister", 0]);
    expect(found("policies")).toEqual([["Rulebook", 0]]);
    expect(found("cookies")).toEqual([["Crumbs", 0]]);
  });

  it("finds other words that begin as the word without its y only as typos", () => {
    expect(found("company")).toEqual([
      ["Buddy", 1],
      ["Firmo", 0],
      ["Lister", 0],
    ]);
    expect(found("policy")).toEqual([
      ["Caster", 1],
      ["Rulebook", 0],
    ]);
  });
});
