import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { tools } from "#server/db/schema";
import { getComparison } from "#server/services/compare/get-comparison.server";
import { createToolRow } from "../factories";
import { databaseKind, openTestDatabase } from "./test-database";

// The compare page reads the tools' full records, online only, defaults as missing.

describe(`getComparison on ${databaseKind}`, () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(tools).values([
      createToolRow({
        id: "full",
        slug: "full-tool",
        name: "Full Tool",
        category: "Writing",
        subCategory: "Editing",
        pricingModel: "Freemium",
        pricingAmount: "$12/month",
        ratingAvg: 4.25,
        ratingCount: 8,
        likesTotal: 31,
        views: 900,
        keyFeatures: ["Grammar check", "Tone rewrite"],
        hashtags: ["writing", "grammar"],
        websiteUrl: "https://full.example.com/",
        image: "/images/full.png",
        createdAt: new Date("2026-01-05T08:00:00Z"),
        updatedAt: new Date("2026-02-06T09:00:00Z"),
      }),
      createToolRow({
        id: "bare",
        slug: "bare-tool",
        name: "Bare Tool",
        category: null,
        subCategory: null,
        pricingModel: "Unknown",
        pricingAmount: null,
        websiteUrl: "#",
      }),
      createToolRow({ id: "unsafe", slug: "unsafe-site", websiteUrl: "javascript:alert(1)" }),
      createToolRow({ id: "draft", slug: "draft-tool", status: "draft" }),
      createToolRow({ id: "offline", slug: "offline-tool", status: "offline" }),
    ]);
  });
  afterAll(async () => {
    await database.close();
  });

  it("reads every compared fact of the tools, in the order asked for", async () => {
    const compared = await getComparison(database.db, ["full-tool", "bare-tool"]);
    expect(compared?.map((tool) => tool.slug)).toEqual(["full-tool", "bare-tool"]);
    expect(compared?.[0]).toEqual({
      id: "full",
      slug: "full-tool",
      name: "Full Tool",
      path: "/ai-tools/writing/editing/full-tool",
      image: "/images/full.png",
      category: "Writing",
      subCategory: "Editing",
      pricingModel: "Freemium",
      pricingAmount: "$12/month",
      rating: { average: 4.25, count: 8 },
      likes: 31,
      views: 900,
      keyFeatures: ["Grammar check", "Tone rewrite"],
      hashtags: ["writing", "grammar"],
      websiteUrl: "https://full.example.com/",
      createdAt: "2026-01-05T08:00:00.000Z",
      updatedAt: "2026-02-06T09:00:00.000Z",
      facts: {},
      plans: [],
      startingPrice: null,
    });
  });

  it("shows the spec's defaults for missing values as missing, never as facts", async () => {
    const compared = await getComparison(database.db, ["bare-tool", "unsafe-site"]);
    expect(compared?.[0]).toMatchObject({
      category: null,
      subCategory: null,
      pricingModel: null,
      pricingAmount: null,
      rating: null,
      websiteUrl: null,
      keyFeatures: [],
      hashtags: [],
    });
    expect(compared?.[1]?.websiteUrl).toBeNull();
  });

  it("answers null when any tool is unknown, a draft or offline", async () => {
    for (const other of ["no-such-tool", "draft-tool", "offline-tool"]) {
      expect(await getComparison(database.db, ["full-tool", other]), other).toBeNull();
    }
  });
});
