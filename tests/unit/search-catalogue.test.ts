import { describe, expect, it } from "vitest";
import { relaxedSearchNote } from "~/lib/messages";
import { searchCatalogue } from "#server/search/search-catalogue.server";
import { buildSearchIndex, type SearchDocument } from "#server/search/search-index.server";
import { createSearchDocument as doc } from "../factories";

const docs: SearchDocument[] = [
  doc({ name: "Blog Writer", cardDescription: "Write blog posts in minutes." }),
  doc({ name: "Email Writer", cardDescription: "Write replies to every email." }),
  doc({ name: "Essay Writer", cardDescription: "Write essays for school." }),
  doc({ name: "Podcast Studio", cardDescription: "Record a podcast with guests." }),
  doc({ name: "Clip Cutter", cardDescription: "Cuts video into short clips." }),
  doc({ name: "Video Captions", cardDescription: "Adds captions to any video." }),
];
const index = buildSearchIndex(docs);
/** The outcome of a search over `tools`, with the names of the hits in order. */
const searchIn = (tools: SearchDocument[], text: string) => {
  const outcome = searchCatalogue(buildSearchIndex(tools), text);
  return { ...outcome, names: outcome.hits.map((hit) => tools[hit.doc]!.name) };
};
const search = (text: string) => searchIn(docs, text);

describe("relaxed search", () => {
  it("does not relax a search whose every word matches", () => {
    const outcome = search("write blog");
    expect(outcome.names).toEqual(["Blog Writer"]);
    expect(outcome.relaxedSearch).toBeNull();
  });

  it("drops a word that finds nothing on its own first", () => {
    const outcome = search("write blog xqzvy");
    expect(outcome.names).toEqual(["Blog Writer"]);
    expect(outcome.relaxedSearch).toBe("write blog");
  });

  it("otherwise drops the word that finds the most tools on its own", () => {
    // "write" is in three tools, "podcast" in one: "podcast" tells more.
    const outcome = search("write podcast");
    expect(outcome.names).toEqual(["Podcast Studio"]);
    expect(outcome.relaxedSearch).toBe("podcast");
  });

  it("drops the word in the most tools among those whose going leaves something to find", () => {
    const tools = [
      doc({ name: "Blog Writer", cardDescription: "Write blog articles." }),
      doc({ name: "Post Writer", cardDescription: "Write social posts." }),
      doc({ name: "Post Planner", cardDescription: "Plans posts." }),
      doc({ name: "Essay Writer", cardDescription: "Write essays." }),
    ];
    // "write" is in three tools, but "blog posts" finds nothing; "posts" is next.
    const outcome = searchIn(tools, "write blog posts");
    expect(outcome.names).toEqual(["Blog Writer"]);
    expect(outcome.relaxedSearch).toBe("write blog");
  });

  it("drops a filler word first, the one whose going leaves the most tools", () => {
    const tools = [
      doc({ name: "Invoice Tool", cardDescription: "A tool for invoices." }),
      doc({ name: "Bill Desk", cardDescription: "Invoices for every job." }),
      doc({ name: "Post Timer", cardDescription: "Finds the best hour to post." }),
      doc({ name: "Tool Box", cardDescription: "A tool for any team." }),
    ];
    const outcome = searchIn(tools, "best tool for invoices");
    expect(outcome.names).toEqual(["Invoice Tool"]);
    expect(outcome.relaxedSearch).toBe("tool for invoices");
  });

  it("keeps the words that tell what is wanted in a long query with filler words", () => {
    const tools = [
      doc({ name: "Contract Drafter", cardDescription: "AI for legal contracts." }),
      // "ai" is in every tool: it narrows nothing and stays.
      doc({ name: "Quick Notes", cardDescription: "Take notes quickly with AI." }),
      doc({ name: "Blog Helper", cardDescription: "Writing blogs with AI." }),
      doc({ name: "Essay Helper", cardDescription: "Writing essays with AI." }),
    ];
    const outcome = searchIn(tools, "ai for writing legal contracts quickly");
    expect(outcome.names).toEqual(["Contract Drafter"]);
    expect(outcome.relaxedSearch).toBe("ai for legal contracts");
  });

  it("drops a rare filler word before the words that tell what is wanted", () => {
    const tools = [
      doc({ name: "Bill Desk", cardDescription: "Invoice software for freelancers." }),
      doc({ name: "Ledger", cardDescription: "Invoice anyone." }),
      doc({ name: "Captcha Solver", cardDescription: "The cheapest captcha solving." }),
      doc({ name: "Code Editor", cardDescription: "Software for developers." }),
      doc({ name: "Build Bot", cardDescription: "Software that ships." }),
    ];
    const outcome = searchIn(tools, "cheapest invoice software");
    expect(outcome.names).toEqual(["Bill Desk"]);
    expect(outcome.relaxedSearch).toBe("invoice software");
  });

  it("keeps an abbreviation and drops a generic word like 'software'", () => {
    const tools = [
      doc({ name: "People Desk", cardDescription: "Human resources for small teams." }),
      doc({ name: "Leave Planner", cardDescription: "Human resources leave tracking." }),
      doc({ name: "Payroll Pal", cardDescription: "Payroll for human resources." }),
      doc({ name: "Code Editor", cardDescription: "Software for developers." }),
      doc({ name: "Build Bot", cardDescription: "Software that ships." }),
    ];
    const outcome = searchIn(tools, "hr software");
    expect(outcome.hits).toHaveLength(3);
    expect(outcome.relaxedSearch).toBe("hr");
  });

  it("drops a word nothing matches and keeps the words that go together", () => {
    const tools = [
      doc({ name: "Cut Studio", cardDescription: "Video editing in the browser." }),
      doc({ name: "Clip Cutter", cardDescription: "Cuts video into short clips." }),
      doc({ name: "Photo Fixer", cardDescription: "Photo editing for shops." }),
    ];
    const outcome = searchIn(tools, "xqzvy video editing");
    expect(outcome.names).toEqual(["Cut Studio"]);
    expect(outcome.relaxedSearch).toBe("video editing");
  });

  it("keeps dropping until the rest find something, keeping the typed order", () => {
    const outcome = search("xqzvy video plokw captions");
    expect(outcome.names).toEqual(["Video Captions"]);
    expect(outcome.relaxedSearch).toBe("video captions");
    expect(relaxedSearchNote(outcome.relaxedSearch!)).toBe(
      'No tools match all words; showing tools matching "video captions"',
    );
  });

  it("keeps a one-letter word that joins its neighbour, and each word once", () => {
    const outcome = search("e mail xqzvy mail");
    expect(outcome.names).toEqual(["Email Writer"]);
    expect(outcome.relaxedSearch).toBe("e mail");
  });

  it("keeps a one-letter word with the word it joins when the word after them goes", () => {
    const outcome = search("xqzvy e mail");
    expect(outcome.names).toEqual(["Email Writer"]);
    expect(outcome.relaxedSearch).toBe("e mail");
  });

  it("drops a one-letter word with the word it joins, never leaving it alone", () => {
    // "e mail" and "podcast" each find one tool; on a tie the later one goes.
    expect(search("e mail podcast").relaxedSearch).toBe("e mail");
    expect(search("podcast e mail").relaxedSearch).toBe("podcast");
  });

  it("weighs words the search joins as one: what the join finds alone", () => {
    const joined = [
      doc({ name: "Notetaker Pro", cardDescription: "Summaries of calls." }),
      doc({ name: "Podcast Studio", cardDescription: "Record a podcast with guests." }),
    ];
    const outcome = searchCatalogue(buildSearchIndex(joined), "note taker podcast");
    expect(outcome.hits.map((hit) => joined[hit.doc]!.name)).toEqual(["Notetaker Pro"]);
    expect(outcome.relaxedSearch).toBe("note taker");
  });

  it("drops the word in the most tools even when both are in more tools than a page holds", () => {
    const many = [
      ...Array.from({ length: 1300 }, (_, k) => doc({ name: `Blog ${k}`, cardDescription: "" })),
      ...Array.from({ length: 1100 }, (_, k) => doc({ name: `Essay ${k}`, cardDescription: "" })),
    ];
    const outcome = searchCatalogue(buildSearchIndex(many), "blog essay", 20);
    expect(outcome.relaxedSearch).toBe("essay");
    expect(many[outcome.hits[0]!.doc]!.name).toMatch(/^Essay /);
  });

  it("never drops every word: a search whose words all find nothing stays empty", () => {
    const outcome = search("xqzvy plokw");
    expect(outcome.hits).toEqual([]);
    expect(outcome.relaxedSearch).toBeNull();
  });

  it("does not relax a one-word search", () => {
    expect(search("xqzvy")).toMatchObject({ hits: [], relaxedSearch: null });
  });
});

describe("did you mean", () => {
  it("offers the catalogue's spelling when a search finds nothing", () => {
    const outcome = search("blgo");
    expect(outcome.hits).toEqual([]);
    expect(outcome.suggestedSearch).toBe("blog");
  });

  it("corrects only the words the catalogue has no word for", () => {
    expect(search("vdeo captions").suggestedSearch).toBe("video captions");
  });

  it("offers a full match beside a relaxed answer", () => {
    const outcome = search("blgo write");
    expect(outcome.relaxedSearch).toBe("write");
    expect(outcome.suggestedSearch).toBe("blog write");
  });

  it("picks the word in the most tools among the nearest", () => {
    const near = [
      doc({ name: "Card Maker", cardDescription: "Greeting cards." }),
      doc({ name: "Care Planner", cardDescription: "Plans for home care." }),
      doc({ name: "Care Diary", cardDescription: "Notes for care homes." }),
    ];
    expect(searchCatalogue(buildSearchIndex(near), "carx").suggestedSearch).toBe("care");
  });

  it("picks the nearest word before a word in more tools", () => {
    const near = [
      doc({ name: "Bolt", cardDescription: "Fast." }),
      ...["One", "Two", "Three"].map((name) => doc({ name, cardDescription: "Bold type." })),
    ];
    expect(searchCatalogue(buildSearchIndex(near), "bilt").suggestedSearch).toBe("bolt");
  });

  it("offers nothing when the search is already spelt like the catalogue", () => {
    expect(search("write").suggestedSearch).toBeNull();
    expect(search("podcasts").suggestedSearch).toBeNull();
    expect(search("xqzvy plokw").suggestedSearch).toBeNull();
  });

  it("corrects no word shorter than 4 letters, often a name or an abbreviation", () => {
    const short = [
      doc({ name: "Get Going", cardDescription: "Not a toy." }),
      doc({ name: "Copy Writer", cardDescription: "Sales copy." }),
    ];
    const index = buildSearchIndex(short);
    expect(searchCatalogue(index, "gpt 4").suggestedSearch).toBeNull();
    expect(searchCatalogue(index, ".net").suggestedSearch).toBeNull();
    expect(searchCatalogue(index, "cpoy").suggestedSearch).toBe("copy");
  });

  it("offers only a search that finds more of the tools the page shows", () => {
    // Documents 0 to 2 write; "Podcast Studio" (3) and the video tools (4, 5) do not.
    const isWriting = (doc: number) => doc <= 2;
    expect(searchCatalogue(index, "vdeo", undefined, isWriting).suggestedSearch).toBeNull();
    expect(searchCatalogue(index, "vdeo").suggestedSearch).toBe("video");
    expect(searchCatalogue(index, "blgo", undefined, isWriting).suggestedSearch).toBe("blog");
  });

  it("offers nothing that finds no more tools than the answer", () => {
    // "clip" is spelt right; the respelt search finds no tool with both words.
    expect(search("clip captoins").suggestedSearch).toBeNull();
    expect(search("blgo video").suggestedSearch).toBeNull();
  });
});
