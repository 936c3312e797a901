import { describe, expect, it } from "vitest";
import {
  EXPORT_COLUMNS,
  toCsvDocument,
  toJsonDocument,
  type FlatTool,
} from "../../server/services/catalogue-files/catalogue-format.server";

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
};

describe("catalogue files (issue 7 export format)", () => {
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
});
