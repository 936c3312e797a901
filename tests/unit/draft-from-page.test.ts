import { describe, expect, it } from "vitest";
import { toolInputSchema } from "~/lib/tool-input";
import {
  cleanTitle,
  draftFromPage,
  draftPricingFromText,
} from "#server/services/ai-draft/draft-from-page.server";
import type {
  JsonLdOffer,
  PageFacts,
  TaxonomyEntry,
} from "#server/services/ai-draft/draft-types.server";
import { occursIn, pageCorpus } from "#server/services/ai-draft/page-evidence.server";
import { readPage } from "#server/services/ai-draft/read-page.server";

// A useful draft from the page alone, each field with a source and a quote on the page.

const TAXONOMY: TaxonomyEntry[] = [
  { category: "Productivity", subcategories: ["Note Taking", "Calendars"] },
  { category: "Design", subcategories: ["Logos"] },
];

function facts(partial: Partial<PageFacts>): PageFacts {
  return {
    url: "https://app.example.com/en/?utm=1",
    lang: "en",
    title: null,
    meta: {},
    jsonLd: [],
    headings: [],
    text: "",
    listItems: [],
    pricingUrl: null,
    links: [],
    imageUrl: null,
    ...partial,
  };
}

function withOffers(offers: Partial<JsonLdOffer>[]): PageFacts {
  return facts({
    jsonLd: [
      {
        types: ["SoftwareApplication"],
        name: "Noted",
        description: null,
        url: null,
        image: null,
        applicationCategory: null,
        keywords: [],
        featureList: [],
        offers: offers.map((offer) => ({
          name: null,
          price: null,
          priceCurrency: "USD",
          billingPeriod: null,
          ...offer,
        })),
      },
    ],
  });
}

describe("draftFromPage", () => {
  it("names the tool from JSON-LD, then og:site_name, then the cleaned title", () => {
    expect(draftFromPage(withOffers([]), TAXONOMY).name).toMatchObject({
      value: "Noted",
      source: "json-ld",
    });
    expect(
      draftFromPage(facts({ meta: { "og:site_name": "Noted App" }, title: "x" }), TAXONOMY).name,
    ).toMatchObject({
      value: "Noted App",
      source: "meta",
    });
    expect(
      draftFromPage(facts({ title: "Home - Noted | Notes that write themselves" }), TAXONOMY).name
        ?.value,
    ).toBe("Noted");
    expect(cleanTitle("Noted – AI notes")).toBe("Noted");
    const company = withOffers([]);
    company.jsonLd[0]!.types = ["Organization"];
    company.jsonLd[0]!.name = "Noted Labs Inc.";
    company.meta = { "og:site_name": "Noted" };
    expect(draftFromPage(company, TAXONOMY).name).toMatchObject({ value: "Noted", source: "meta" });
  });

  it("trims the card description to its limit at a word boundary, quoting the page", () => {
    const long = `${"Noted keeps your meeting notes tidy and searchable. ".repeat(8)}`.trim();
    const draft = draftFromPage(facts({ meta: { description: long } }), TAXONOMY);
    expect(draft.cardDescription!.value.length).toBeLessThanOrEqual(300);
    expect(draft.cardDescription!.value).toMatch(/searchable…$|tidy…$|notes…$|\w…$/);
    expect(draft.cardDescription!.evidence.length).toBeLessThanOrEqual(300);
    expect(long.startsWith(draft.cardDescription!.evidence)).toBe(true);
    expect(draft.seoDescription?.source).toBe("meta");
  });

  it.each([
    [[{ price: "0" }], "Free", undefined],
    [[{ price: "0" }, { price: "29", billingPeriod: "P1M" }], "Freemium", "From $29/month"],
    [[{ price: "29.00", billingPeriod: "MONTH" }], "Paid", "$29/month"],
    [[{ price: "9", billingPeriod: "YEAR" }, { price: "19" }], "Paid", "From $9/year"],
    [[{ price: "15", priceCurrency: "CHF" }], "Paid", "15 CHF"],
  ])("drafts JSON-LD offers %j as %s %s", (offers, model, amount) => {
    const draft = draftFromPage(withOffers(offers), TAXONOMY);
    expect(draft.pricingModel).toMatchObject({ value: model, source: "json-ld" });
    expect(draft.pricingAmount?.value).toBe(amount);
  });

  it("takes a price from the page text only when one is plainly there", () => {
    expect(
      draftPricingFromText("Plans start at $12 per month.\nA free plan is available.", "page"),
    ).toMatchObject({
      pricingModel: { value: "Freemium", evidence: "free plan" },
      pricingAmount: { value: "From $12/month", evidence: "Plans start at $12 per month." },
    });
    expect(draftPricingFromText("We grew 300% last year with 12 engineers.", "page")).toEqual({});
    expect(
      draftFromPage(facts({ text: "Start free today. Loved by 10,000 teams." }), TAXONOMY)
        .pricingModel,
    ).toBeUndefined();
  });

  it("picks the category only from the taxonomy, proposing a page's own category that is not there", () => {
    const matched = draftFromPage(
      facts({ title: "Noted", headings: [{ level: 1, text: "AI note taking for teams" }] }),
      TAXONOMY,
    );
    expect(matched.category).toMatchObject({
      value: "Productivity",
      source: "page",
      evidence: "AI note taking for teams",
    });
    expect(matched.subCategory).toMatchObject({ value: "Note Taking" });
    const proposed = withOffers([]);
    proposed.jsonLd[0]!.applicationCategory = "Video editing";
    const draft = draftFromPage(proposed, TAXONOMY);
    expect(draft.category).toMatchObject({ value: "Video editing", proposal: true });
    expect(draft.subCategory).toBeUndefined();
    expect(draft.hashtags?.value).toContain("video-editing");
  });

  it("takes schema.org's own application types for neither a new category nor a tag", () => {
    const generic = withOffers([]);
    generic.jsonLd[0]!.applicationCategory = "BusinessApplication";
    const draft = draftFromPage(generic, TAXONOMY);
    expect(draft.category).toBeUndefined();
    expect(draft.hashtags?.value ?? []).not.toContain("business");
  });

  it("takes key features from list items under a feature heading only", () => {
    const page = readPage(
      `<main><h2>Our story</h2><ul><li>Founded 2019</li></ul><h2>Key features</h2><ul><li>Fast | private search</li><li>Offline mode</li></ul></main>`,
      "https://noted.example/",
    );
    const draft = draftFromPage(page, TAXONOMY);
    expect(draft.keyFeatures).toMatchObject({
      value: ["Fast / private search", "Offline mode"],
      source: "page",
    });
  });

  it("cleans keywords into hashtags the tool form accepts", () => {
    const draft = draftFromPage(
      facts({ meta: { keywords: "AI Notes, #meeting minutes, a|b, " + "x".repeat(60) } }),
      TAXONOMY,
    );
    expect(draft.hashtags).toMatchObject({
      value: ["ai-notes", "meeting-minutes", "a-b"],
      source: "meta",
    });
  });

  it("gives the site's home from the address, and every value passes the tool form's rules", () => {
    const page = readPage(
      `<html><head><title>Noted | Notes</title><meta name="description" content="Notes that write themselves."></head>
       <body><main><h1>Notes that write themselves</h1><p>Noted listens to your meetings and writes the notes for you, every time.</p>
       <h2>Features</h2><ul><li>Summaries</li><li>Action items</li></ul></main></body></html>`,
      "https://app.example.com/en/?ref=x",
    );
    const draft = draftFromPage(page, TAXONOMY);
    expect(draft.websiteUrl).toMatchObject({
      value: "https://app.example.com/en",
      source: "address",
    });
    expect(draft.longDescription?.value).toContain("- Summaries");
    const corpus = pageCorpus(page);
    for (const [name, field] of Object.entries(draft)) {
      if (name !== "websiteUrl") expect(occursIn(corpus, field.evidence), name).toBe(true);
    }
    const parsed = toolInputSchema.safeParse({
      name: draft.name?.value,
      cardDescription: draft.cardDescription?.value,
      longDescription: draft.longDescription?.value,
      keyFeatures: draft.keyFeatures?.value,
      seo: { titleTag: draft.seoTitle?.value, metaDescription: draft.seoDescription?.value },
      websiteUrl: draft.websiteUrl?.value,
    });
    expect(parsed.success).toBe(true);
  });
});
