import { describe, expect, it } from "vitest";
import {
  EXPORT_COLUMNS,
  toCsvDocument,
  toJsonDocument,
  type FlatTool,
} from "#server/services/import-export/catalogue-format.server";
import { FACT_KEYS } from "~/lib/buyer-facts";
import { neutraliseCell, restoreCell } from "~/lib/csv-cell";
import { readCatalogueFile } from "#server/services/import-export/read-catalogue-file.server";

const tool: FlatTool = {
  id: "t-1",
  name: 'Quote "Bot", Inc.',
  category: "Sales",
  subCategory: null,
  status: "online",
  createdAt: "2026-01-02T03:04:05.000Z",
  likes_total: 3,
  views: 10,
  rating_avg: 4.5,
  "pricing.model": "Paid",
  "pricing.amount": "$10/month",
  cardDescription: "Line one\nline two",
  longDescription: "# Title",
  "seo.titleTag": "Title",
  "seo.metaDescription": "Meta",
  metaDescription: null,
  hashtags: ["#ai", "#sales"],
  keyFeatures: ["One", "Two, three"],
  websiteUrl: "https://example.com/?a=1&b=2",
  mainImage: "tools/t-1/main",
  image: null,
  // No facts known, no plans (tests/unit/catalogue-facts.test.ts writes them).
  ...(Object.fromEntries(FACT_KEYS.map((key) => [`facts.${key}`, null])) as Pick<
    FlatTool,
    `facts.${(typeof FACT_KEYS)[number]}`
  >),
  plans: [],
};

describe("catalogue files (export format)", () => {
  it("writes CSV with the spec's names, dotted nested columns and quoted fields", () => {
    const text = toCsvDocument([tool]);
    // The line break inside a quoted field stays; records end with CRLF.
    expect(text).toContain('"Line one\nline two"');
    const [header, row, end] = text.split("\r\n");
    expect(header).toBe(EXPORT_COLUMNS.join(","));
    expect(header).toContain("pricing.model,pricing.amount");
    expect(row).toContain('"Quote ""Bot"", Inc."');
    expect(row).toContain("#ai|#sales");
    expect(row).toContain('"One|Two, three"');
    expect(row).toContain("Sales,,online");
    expect(end).toBe("");
  });

  it("quotes a value holding a lone carriage return so it reads back whole", () => {
    const text = toCsvDocument([{ ...tool, longDescription: "Old Mac\rline" }]);
    expect(text).toContain(',"Old Mac\rline",');
    const reading = readCatalogueFile(text, "csv");
    expect(reading.ok && reading.rows[0]?.values.longDescription).toBe("Old Mac\rline");
  });

  it("writes JSON with nested pricing and seo and lists as arrays", () => {
    const [exported] = JSON.parse(toJsonDocument([tool])) as Record<string, unknown>[];
    expect(exported).toMatchObject({
      id: "t-1",
      pricing: { model: "Paid", amount: "$10/month" },
      seo: { titleTag: "Title", metaDescription: "Meta" },
      hashtags: ["#ai", "#sales"],
      subCategory: null,
      likes_total: 3,
    });
    expect(Object.keys(exported!)).not.toContain("pricing.model");
  });

  it("writes cells that start with = + - @, a tab or a carriage return after an apostrophe", () => {
    expect(neutraliseCell("=SUM(1)")).toBe("'=SUM(1)");
    expect(neutraliseCell("+1 Growth")).toBe("'+1 Growth");
    expect(neutraliseCell("-5% off")).toBe("'-5% off");
    expect(neutraliseCell("@mention")).toBe("'@mention");
    expect(neutraliseCell("\t=1")).toBe("'\t=1");
    expect(neutraliseCell("\r=1")).toBe("'\r=1");
    expect(neutraliseCell("'90s vibes")).toBe("''90s vibes");
    expect(neutraliseCell("Plain = text")).toBe("Plain = text");
    const row = toCsvDocument([{ ...tool, name: "=SUM(1)", hashtags: ["-minus", "plus"] }]).split(
      "\r\n",
    )[1];
    expect(row).toContain(",'=SUM(1),");
    expect(row).toContain(",'-minus|plus,");
  });

  it("reads back exactly what it wrote, and leaves a hand-written apostrophe alone", () => {
    for (const text of ["'=x", "'-5% off", "''90s vibes", "''", "'@a"]) {
      expect(restoreCell(text)).toBe(text.slice(1));
    }
    expect(restoreCell("'90s vibes")).toBe("'90s vibes");
    expect(restoreCell("'")).toBe("'");

    const values = ["-5% off", "@mention", "=SUM(1)", "+1", "'90s vibes", "'", "''", "'=x"];
    const text = toCsvDocument(
      values.map((name, index) => ({
        ...tool,
        id: `t-${index}`,
        name,
        cardDescription: name,
        hashtags: [name, "second"],
      })),
    );
    const reading = readCatalogueFile(text, "csv");
    if (!reading.ok) throw new Error(reading.message);
    expect(reading.rows.map((row) => row.values.name)).toEqual(values);
    expect(reading.rows.map((row) => row.values.cardDescription)).toEqual(values);
    expect(reading.rows.map((row) => row.values.hashtags)).toEqual(
      values.map((name) => [name, "second"]),
    );
  });
});
