import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { utcDayOf } from "~/lib/utc-days";
import { draftAddress } from "#server/services/ai-draft/draft-address.server";
import { draftWithModel } from "#server/services/ai-draft/draft-with-model.server";
import { matchable } from "#server/services/ai-draft/page-evidence.server";
import type { SourcePage } from "#server/services/ai-draft/draft-types.server";
import { decodePage, readPage } from "#server/services/ai-draft/read-page.server";
import { startFakeModel, type FakeModel } from "../support/fake-model-server";
import { startFixtureSites, type FixtureSites } from "../support/fixture-sites";

// Buyer facts and plans drafted from a vendor's own pages (a fixture site whose home page links
// its security, pricing and integrations pages): what the pages state is drafted with its quote
// and page, what they do not state stays unknown, and a model's claim without a quote on a page
// is overruled.

describe("drafting a vendor's buyer facts and plans", () => {
  let sites: FixtureSites;
  let fakeModel: FakeModel;
  const base = { allowPrivate: true, taxonomy: [], model: null };

  beforeAll(async () => {
    sites = await startFixtureSites();
    fakeModel = await startFakeModel();
  });
  afterAll(async () => {
    await fakeModel.close();
    await sites.close();
  });

  async function pageText(path: string): Promise<string> {
    const response = await fetch(sites.url(path));
    const html = await response.text();
    return readPage(html, sites.url(path)).text;
  }

  it("fills the stated facts with their quotes and pages, and leaves the unstated ones unknown", async () => {
    const hits = ["/vendor/security", "/vendor/pricing", "/vendor/integrations"].map((path) =>
      sites.hits(path),
    );
    const drafted = await draftAddress(sites.url("/vendor"), base);
    const { facts = {}, evidencePages } = drafted.buyerFacts;
    expect(
      ["/vendor/security", "/vendor/pricing", "/vendor/integrations"].map((path) =>
        sites.hits(path),
      ),
    ).toEqual(hits.map((count) => count + 1));

    const security = sites.url("/vendor/security");
    expect(facts.sso).toMatchObject({ value: "yes", source: "ai", evidenceUrl: security });
    expect(facts.sso?.quote).toContain("SAML");
    expect(facts.mfa).toMatchObject({ value: "yes", evidenceUrl: security });
    expect(facts.soc2).toMatchObject({
      value: "type2",
      evidenceUrl: security,
      quote: "Quotamind has a SOC 2 Type II report, renewed every year.",
    });
    expect(facts["data-regions"]).toMatchObject({ value: ["eu"], evidenceUrl: security });
    expect(facts["no-training"]).toMatchObject({
      value: "yes",
      quote: "We do not train AI models on your data.",
    });
    expect(facts.integrations).toMatchObject({
      value: ["slack", "hubspot"],
      evidenceUrl: sites.url("/vendor/integrations"),
    });
    expect(facts["free-plan"]).toMatchObject({
      value: "yes",
      evidenceUrl: sites.url("/vendor/pricing"),
    });
    for (const key of ["hipaa", "scim", "iso27001", "audit-log", "self-hosted"] as const) {
      expect(facts[key]).toBeUndefined();
    }

    const today = utcDayOf(new Date());
    for (const fact of Object.values(facts)) {
      expect(fact.checkedAt).toBe(today);
      const text = matchable(await pageText(new URL(fact.evidenceUrl!).pathname));
      expect(text).toContain(matchable(fact.quote!));
    }

    expect(evidencePages).toEqual([
      { url: sites.url("/vendor/pricing"), topic: "pricing", problem: null },
      { url: security, topic: "security", problem: null },
      { url: sites.url("/vendor/integrations"), topic: "integrations", problem: null },
      {
        url: sites.url("/vendor/privacy"),
        topic: "privacy",
        problem: expect.stringMatching(/error/) as string,
      },
    ]);
  });

  it("drafts the plans with their prices, periods and units", async () => {
    const drafted = await draftAddress(sites.url("/vendor"), base);
    const pricing = sites.url("/vendor/pricing");
    expect(drafted.buyerFacts.plans).toEqual([
      {
        name: "Free",
        price: 0,
        currency: "USD",
        period: "month",
        unit: "flat",
        note: null,
        quote: "Free $0",
        evidenceUrl: pricing,
      },
      {
        name: "Pro",
        price: 19,
        currency: "USD",
        period: "month",
        unit: "per-user",
        note: "Billed annually",
        quote: "Pro $19 per user / month",
        evidenceUrl: pricing,
      },
      {
        name: "Business",
        price: 490,
        currency: "USD",
        period: "year",
        unit: "flat",
        note: null,
        quote: "Business $490 / year",
        evidenceUrl: pricing,
      },
    ]);
  });

  it("drafts the facts with the model too, each with its quote", async () => {
    fakeModel.setMode("good");
    const drafted = await draftAddress(sites.url("/vendor"), {
      ...base,
      model: { baseUrl: fakeModel.baseUrl, model: "fake", apiKey: null },
    });
    expect(drafted.usedModel).toBe(true);
    const body = fakeModel.lastBody() as { messages: { content: string }[] };
    expect(body.messages[1]!.content).toContain("PAGE SECURITY");
    expect(body.messages[1]!.content).toContain("Quotamind has a SOC 2 Type II report");
    expect(drafted.buyerFacts.facts?.soc2).toMatchObject({ value: "type2", source: "ai" });
    expect(drafted.buyerFacts.facts?.integrations?.value).toEqual(["slack", "hubspot"]);
    expect(drafted.buyerFacts.plans?.map((plan) => plan.name)).toEqual(["Free", "Pro", "Business"]);
  });

  it("overrules a model that claims a SOC 2 report or HIPAA without a quote on the pages", async () => {
    fakeModel.setMode("invented-facts");
    const sources: SourcePage[] = [];
    for (const [path, topic] of [
      ["/vendor", "home"],
      ["/vendor/security", "security"],
    ] as const) {
      const response = await fetch(sites.url(path));
      const body = Buffer.from(await response.arrayBuffer());
      const facts = readPage(
        decodePage({ body, contentType: "text/html; charset=utf-8" }),
        sites.url(path),
      );
      sources.push({ url: sites.url(path), topic, facts, inMainText: topic === "home" });
    }
    const modelDraft = await draftWithModel({
      facts: sources[0]!.facts,
      taxonomy: [],
      model: { baseUrl: fakeModel.baseUrl, model: "fake", apiKey: null },
      sources,
    });
    // Claimed: soc2 type1 with no quote, hipaa with a quote no page has, iso27001 quoting a
    // sentence that is on the page but says nothing of ISO 27001.
    expect(modelDraft.facts?.soc2).toBeUndefined();
    expect(modelDraft.facts?.hipaa).toBeUndefined();
    expect(modelDraft.facts?.iso27001).toBeUndefined();
    expect(modelDraft.facts?.sso).toMatchObject({ value: "yes" });

    const drafted = await draftAddress(sites.url("/vendor"), {
      ...base,
      model: { baseUrl: fakeModel.baseUrl, model: "fake", apiKey: null },
    });
    expect(drafted.usedModel).toBe(true);
    const facts = drafted.buyerFacts.facts ?? {};
    expect(facts.hipaa).toBeUndefined();
    expect(facts.iso27001).toBeUndefined();
    expect(facts.soc2).toMatchObject({
      value: "type2",
      quote: "Quotamind has a SOC 2 Type II report, renewed every year.",
    });
  });
});
