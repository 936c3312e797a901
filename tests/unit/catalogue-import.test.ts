import { describe, expect, it } from "vitest";
import type { ToolRow } from "#server/db/schema";
import { planImport, websiteKey } from "#server/services/import-export/plan-import.server";
import {
  parseCsv,
  readCatalogueFile,
} from "#server/services/import-export/read-catalogue-file.server";
import { createStoredToolRow } from "../factories";

// Import files and plans, without a database.

function existingTool(overrides: Partial<ToolRow>): ToolRow {
  return createStoredToolRow({
    id: "t-1",
    slug: "quill-notes",
    name: "Quill Notes",
    category: "Writing",
    likesTotal: 4,
    views: 100,
    ratingAvg: 4.5,
    ratingCount: 2,
    pricingModel: "Free",
    cardDescription: "Notes that write themselves.",
    hashtags: ["notes"],
    websiteUrl: "https://quill.example",
    ...overrides,
  });
}

function csvRows(text: string) {
  const reading = readCatalogueFile(text, "csv");
  if (!reading.ok) throw new Error(reading.message);
  return reading.rows;
}

describe("parseCsv", () => {
  it("reads quoted commas, doubled quotes, line breaks and CRLF", () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi""\nthere"\r\n')).toEqual([
      ["a", "b"],
      ["x, y", 'say "hi"\nthere'],
    ]);
  });

  it("keeps blank lines as empty records and reports a quote that never ends", () => {
    expect(parseCsv("a\n\nb\n")).toEqual([["a"], [""], ["b"]]);
    expect(parseCsv('a\n"open\n')).toEqual({
      error: "A quoted value that starts on line 2 never ends.",
    });
  });

  it("names the line of a quote that never ends after multi-line values and non-ASCII text", () => {
    expect(parseCsv('name\r\n"Café\r\nNoël"\r\n\r\nplain\r\n"open\r\nstill open\r\n')).toEqual({
      error: "A quoted value that starts on line 6 never ends.",
    });
  });

  it("ends a record at CRLF, LF or a lone CR wherever each appears in the file", () => {
    expect(parseCsv("name,category\r\nA,x\nB,y\n")).toEqual([
      ["name", "category"],
      ["A", "x"],
      ["B", "y"],
    ]);
    expect(parseCsv("name,category\nA,x\r\nB,y\r\n")).toEqual([
      ["name", "category"],
      ["A", "x"],
      ["B", "y"],
    ]);
    expect(parseCsv("name\r\nA\rB\nC\r")).toEqual([["name"], ["A"], ["B"], ["C"]]);
  });

  it("numbers rows and names an unclosed quote's line across mixed line endings", () => {
    expect(csvRows("name\r\nA\n\r\nB\rC\n").map((row) => [row.number, row.values.name])).toEqual([
      [2, "A"],
      [4, "B"],
      [5, "C"],
    ]);
    expect(parseCsv('name\nA\r\n"open\n')).toEqual({
      error: "A quoted value that starts on line 3 never ends.",
    });
  });

  it("keeps a quote inside an unquoted value as text", () => {
    expect(parseCsv('name,pricing.amount\nThe "Best" Tool,10"\n')).toEqual([
      ["name", "pricing.amount"],
      ['The "Best" Tool', '10"'],
    ]);
  });

  it("keeps a value with text after its closing quote as the file wrote it, quotes included", () => {
    expect(parseCsv('name,category\n"a"b,x\n')).toEqual([
      ["name", "category"],
      ['"a"b', "x"],
    ]);
  });
});

describe("readCatalogueFile", () => {
  it("nests dotted columns, splits lists on | and ignores a byte-order mark", () => {
    const rows = csvRows("\uFEFFname,pricing.model,hashtags\nQuill,Free,a|b\n");
    expect(rows).toEqual([
      { number: 2, values: { name: "Quill", pricing: { model: "Free" }, hashtags: ["a", "b"] } },
    ]);
  });

  it("refuses unknown columns, a missing name column and non-arrays, saying why", () => {
    expect(readCatalogueFile("name,homepage\nA,B\n", "csv")).toMatchObject({
      ok: false,
      message: expect.stringContaining("Unknown column: homepage."),
    });
    expect(readCatalogueFile("title\nA\n", "csv")).toMatchObject({
      ok: false,
      message: expect.stringContaining('"name"'),
    });
    expect(readCatalogueFile('{"name":"A"}', "json")).toEqual({
      ok: false,
      message: "The JSON file must hold an array of tools.",
    });
    expect(readCatalogueFile("[1]", "json")).toEqual({
      ok: false,
      message: "Item 1 of the array is not an object.",
    });
    expect(readCatalogueFile('[\n  {"name": "A",}\n]', "json")).toEqual({
      ok: false,
      message: "The file is not valid JSON (line 2, column 16).",
    });
    expect(readCatalogueFile("name;websiteUrl\nA;B\n", "csv")).toMatchObject({
      ok: false,
      message: expect.stringContaining("this file seems to use semicolons"),
    });
  });

  it("numbers rows as a spreadsheet shows them, blank lines included", () => {
    expect(csvRows("name\nA\n\nB\n").map((row) => row.number)).toEqual([2, 4]);
  });

  it("marks a CSV row with the wrong number of values", () => {
    expect(csvRows("name,category\nA,B,C\n")[0]!.problem).toBe(
      "This row has 3 values but the first row names 2 columns.",
    );
  });
});

describe("planImport", () => {
  it("matches by id, else website (whatever its form), else slug", () => {
    const existing = [
      existingTool({}),
      existingTool({ id: "t-2", slug: "ink-bot", name: "Ink Bot", websiteUrl: null }),
    ];
    const plan = planImport(
      csvRows(
        "id,name,websiteUrl,cardDescription\n" +
          "t-1,Renamed,,\n" +
          ",Quill,http://WWW.quill.example/,Changed\n" +
          ",Ink Bot,https://ink.example,Now with a site\n",
      ),
      existing,
    );
    expect(plan.rejected).toEqual([
      { row: 3, name: "Quill", reasons: ["Row 2 already changes this tool (matched by website)."] },
    ]);
    expect(
      plan.writes.map((write) => [write.row, write.kind, write.matchedBy, write.values.id]),
    ).toEqual([
      [2, "update", "id", "t-1"],
      [4, "update", "slug", "t-2"],
    ]);
  });

  it("treats tools with one name but different websites as different tools", () => {
    const plan = planImport(csvRows("name,websiteUrl\nQuill Notes,https://other.example\n"), [
      existingTool({}),
    ]);
    expect(plan.writes).toMatchObject([{ kind: "create", values: { slug: "quill-notes-2" } }]);
  });

  it("changes only the columns a file carries, and reports the rest unchanged", () => {
    const plan = planImport(csvRows("id,name,status\nt-1,Quill Notes,\n"), [existingTool({})]);
    expect(plan.writes).toEqual([]);
    expect(plan.unchanged).toEqual([{ row: 2, id: "t-1", name: "Quill Notes" }]);
  });

  it("lists what an update changes by spec names, and keeps counters of existing tools", () => {
    const plan = planImport(
      csvRows("id,name,pricing.model,views,likes_total\nt-1,Quill Notes,Paid,5,999\n"),
      [existingTool({})],
    );
    expect(plan.writes[0]).toMatchObject({
      changed: ["pricing.model"],
      values: { views: 100, likesTotal: 4 },
    });
  });

  it("gives new tools their counters and date from the file, never likes", () => {
    const plan = planImport(
      csvRows(
        "name,createdAt,views,rating_avg,likes_total\nNew One,2025-05-01T10:00:00Z,42,3.5,999\n",
      ),
      [],
    );
    expect(plan.writes[0]!.values).toMatchObject({
      slug: "new-one",
      views: 42,
      ratingAvg: 3.5,
      createdAt: new Date("2025-05-01T10:00:00Z"),
      source: "import",
    });
    expect(plan.writes[0]!.values.likesTotal).toBeUndefined();
  });

  it("rejects each bad row with its number and every reason", () => {
    const plan = planImport(
      csvRows("name,websiteUrl,rating_avg\nGood,https://good.example,\n,ftp://x,9\nAlso good,,\n"),
      [],
    );
    expect(plan.rejected).toEqual([
      {
        row: 3,
        name: null,
        reasons: [
          "rating_avg must be between 0 and 5.",
          "name: Enter the tool's name.",
          "websiteUrl: Enter a web address that starts with http:// or https://.",
        ],
      },
    ]);
    expect(plan.writes).toHaveLength(2);
  });

  it("refuses counters and dates the database cannot hold, before any write", () => {
    const plan = planImport(
      csvRows("name,views,createdAt\nBig,3000000000,\nOld,,-100000-01-01T00:00:00Z\n"),
      [],
    );
    expect(plan.rejected.map((problem) => problem.reasons)).toEqual([
      ["views can be at most 2,147,483,647."],
      ["createdAt must be after 1970."],
    ]);
  });

  it("refuses a category whose address is already a tool's", () => {
    const plan = planImport(csvRows("name,category\nOther,Quill Notes\n"), [existingTool({})]);
    expect(plan.rejected[0]!.reasons).toEqual([
      `The address of "Quill Notes" is already a tool's; choose another name.`,
    ]);
  });
});

describe("websiteKey", () => {
  it("ignores scheme, www, host case and a trailing slash", () => {
    expect(websiteKey("https://www.Quill.example/app/")).toBe(
      websiteKey("http://quill.example/app"),
    );
    expect(websiteKey("not a url")).toBeNull();
  });
});
