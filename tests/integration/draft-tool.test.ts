import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolDraft } from "~/lib/ai-draft";
import { assertReadablePage } from "#server/services/ai-draft/check-page.server";
import { draftTool, redraftField } from "#server/services/ai-draft/draft-tool.server";
import type { FetchedPage } from "#server/net/guarded-fetch.server";
import type {
  ModelSettings,
  PageFacts,
  TaxonomyEntry,
} from "#server/services/ai-draft/draft-types.server";
import { draftWithModel } from "#server/services/ai-draft/draft-with-model.server";
import { decodePage, readPage } from "#server/services/ai-draft/read-page.server";
import { type FakeModel, startFakeModel } from "../support/fake-model-server";
import { type FixtureSites, startFixtureSites } from "../support/fixture-sites";

// End to end over real HTTP: loopback fixture sites read and drafted, page-only
// and with the fake OpenAI-compatible model in each of its modes.

const TAXONOMY: TaxonomyEntry[] = [
  { category: "Business", subcategories: ["Meeting Assistants", "Spreadsheets"] },
  { category: "Writing", subcategories: ["Copywriting"] },
];
const KEY = "sk-test-secret-key-0123456789";

let sites: FixtureSites;
let fakeModel: FakeModel;
let model: ModelSettings;

beforeAll(async () => {
  sites = await startFixtureSites();
  fakeModel = await startFakeModel();
  model = { baseUrl: `${fakeModel.baseUrl}/`, apiKey: KEY, model: "fake-1" };
});

afterAll(async () => {
  await fakeModel.close();
  await sites.close();
});

async function fetchPage(path: string): Promise<FetchedPage> {
  const url = sites.url(path);
  const response = await fetch(url);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return {
    url,
    finalUrl: url,
    redirects: [],
    status: response.status,
    headers,
    contentType: headers["content-type"] ?? "",
    body: Buffer.from(await response.arrayBuffer()),
  };
}

async function factsOf(path: string): Promise<PageFacts> {
  const page = await fetchPage(path);
  const facts = readPage(decodePage(page), page.finalUrl);
  assertReadablePage(page, facts);
  return facts;
}

function sources(draft: ToolDraft): Record<string, string> {
  return Object.fromEntries(Object.entries(draft).map(([name, field]) => [name, field.source]));
}

describe("page-only drafts of the fixture sites", () => {
  it("drafts the JSON-LD page from its structured data, every field with evidence", async () => {
    const facts = await factsOf("/jsonld");
    const started = performance.now();
    const outcome = await draftTool({ facts, taxonomy: TAXONOMY, model: null });
    const ms = performance.now() - started;
    const { draft } = outcome;
    console.info(`page-only /jsonld: ${Object.keys(draft).length} fields in ${ms.toFixed(1)} ms`);
    expect(outcome.usedModel).toBe(false);
    expect(outcome.modelProblem).toBeNull();
    expect(draft.name).toMatchObject({ value: "Brieflow", source: "json-ld" });
    expect(draft.pricingModel).toMatchObject({ value: "Freemium", source: "json-ld" });
    expect(draft.pricingAmount).toMatchObject({ value: "From $29/month", source: "json-ld" });
    expect(draft.keyFeatures?.value).toContain("Live transcription in 30 languages");
    expect(draft.category).toMatchObject({ value: "Business", source: "json-ld" });
    expect(draft.category?.proposal).toBeUndefined();
    expect(draft.websiteUrl).toEqual({
      value: sites.url("/jsonld"),
      source: "address",
      evidence: sites.url("/jsonld"),
    });
    expect(draft.mainImage).toBeUndefined();
    for (const field of Object.values(draft)) expect(field.evidence.length).toBeGreaterThan(0);
  });

  it("drafts the meta-only page from its tags and text, with no price", async () => {
    const facts = await factsOf("/meta-only");
    const started = performance.now();
    const { draft } = await draftTool({ facts, taxonomy: TAXONOMY, model: null });
    const ms = performance.now() - started;
    console.info(
      `page-only /meta-only: ${Object.keys(draft).length} fields in ${ms.toFixed(1)} ms`,
    );
    expect(draft.name).toMatchObject({ value: "Tallyhawk", source: "meta" });
    expect(draft.cardDescription?.source).toBe("meta");
    expect(draft.keyFeatures).toMatchObject({ source: "page", evidence: "How it works" });
    expect(draft.pricingModel).toBeUndefined();
    expect(draft.pricingAmount).toBeUndefined();
  });

  it("drafts prices from a pricing page's text with the line as evidence", async () => {
    const facts = await factsOf("/pricing");
    const { draft } = await draftTool({ facts, taxonomy: TAXONOMY, model: null });
    console.info(`page-only /pricing: ${Object.keys(draft).length} fields`);
    expect(draft.pricingModel).toMatchObject({ value: "Freemium", source: "page" });
    expect(draft.pricingAmount).toMatchObject({
      value: "From $29/month",
      evidence: "$29 per user per month",
    });
  });

  it("reads a windows-1252 page with its euro sign", async () => {
    const facts = await factsOf("/latin1");
    expect(facts.meta.description).toContain("12 € par mois");
    const { draft } = await draftTool({ facts, taxonomy: TAXONOMY, model: null });
    expect(draft.pricingAmount?.value).toBe("12 €/month");
  });

  it.each([
    ["/challenge", "bot_challenge"],
    ["/challenge-200", "bot_challenge"],
    ["/spa", "needs_javascript"],
    ["/empty", "empty_page"],
  ])("refuses %s as %s before drafting", async (path, code) => {
    const page = await fetchPage(path);
    const facts = readPage(decodePage(page), page.finalUrl);
    expect(() => assertReadablePage(page, facts)).toThrow(expect.objectContaining({ code }));
  });
});

describe("drafts with the fake model", () => {
  it("puts the model's checked fields over the page's, keeping JSON-LD prices and the address", async () => {
    fakeModel.setMode("good");
    const facts = await factsOf("/jsonld");
    const before = fakeModel.requests;
    const started = performance.now();
    const outcome = await draftTool({ facts, taxonomy: TAXONOMY, model });
    const ms = performance.now() - started;
    console.info(
      `model /jsonld: ${Object.keys(outcome.draft).length} fields in ${ms.toFixed(1)} ms`,
      sources(outcome.draft),
    );
    expect(fakeModel.requests).toBe(before + 1);
    expect(outcome.usedModel).toBe(true);
    expect(outcome.modelProblem).toBeNull();
    expect(outcome.draft.name).toMatchObject({ value: "Brieflow", source: "model" });
    expect(outcome.draft.longDescription?.source).toBe("model");
    expect(outcome.draft.category).toMatchObject({ value: "Business", source: "model" });
    expect(outcome.draft.pricingAmount?.source).toBe("json-ld");
    expect(outcome.draft.websiteUrl?.source).toBe("address");
    expect(fakeModel.lastAuthorization()).toBe(`Bearer ${KEY}`);
    const body = fakeModel.lastBody() as {
      temperature: number;
      response_format: unknown;
      model: string;
    };
    expect(body).toMatchObject({
      temperature: 0.1,
      response_format: { type: "json_object" },
      model: "fake-1",
    });
  });

  it("drafts the meta-only page with the model", async () => {
    fakeModel.setMode("good");
    const facts = await factsOf("/meta-only");
    const started = performance.now();
    const outcome = await draftTool({ facts, taxonomy: TAXONOMY, model });
    const ms = performance.now() - started;
    console.info(
      `model /meta-only: ${Object.keys(outcome.draft).length} fields in ${ms.toFixed(1)} ms`,
      sources(outcome.draft),
    );
    expect(outcome.usedModel).toBe(true);
    expect(outcome.draft.cardDescription?.source).toBe("model");
  });

  it("drops an invented price: the model's amount is not on the page", async () => {
    fakeModel.setMode("invented-price");
    const facts = await factsOf("/jsonld");
    const modelDraft = await draftWithModel({ facts, taxonomy: TAXONOMY, model });
    expect(modelDraft.pricingModel).toMatchObject({ value: "Freemium", source: "model" });
    expect(modelDraft.pricingAmount).toBeUndefined();
    const { draft } = await draftTool({ facts, taxonomy: TAXONOMY, model });
    expect(draft.pricingAmount).toMatchObject({ value: "From $29/month", source: "json-ld" });
  });

  it("asks again once after invalid JSON, then keeps the page-only draft and says why", async () => {
    fakeModel.setMode("invalid-json");
    const facts = await factsOf("/jsonld");
    const before = fakeModel.requests;
    const outcome = await draftTool({ facts, taxonomy: TAXONOMY, model });
    expect(fakeModel.requests).toBe(before + 2);
    expect(outcome.usedModel).toBe(false);
    expect(outcome.modelProblem).toMatch(/not valid JSON/);
    expect(outcome.draft.name?.source).toBe("json-ld");
    expect(outcome.modelProblem).not.toContain(KEY);
  });

  it("treats an empty answer as a problem and keeps the page-only draft", async () => {
    fakeModel.setMode("empty");
    const outcome = await draftTool({
      facts: await factsOf("/meta-only"),
      taxonomy: TAXONOMY,
      model,
    });
    expect(outcome.usedModel).toBe(false);
    expect(outcome.modelProblem).toMatch(/nothing/);
  });

  it("waits out a 429 with Retry-After and then uses the answer", async () => {
    fakeModel.setMode("rate-limited");
    const facts = await factsOf("/jsonld");
    const progress: string[] = [];
    const started = Date.now();
    const outcome = await draftTool({
      facts,
      taxonomy: TAXONOMY,
      model,
      onProgress: (m) => progress.push(m),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(outcome.usedModel).toBe(true);
    expect(progress.join("\n")).toMatch(/try 2 of 4/);
  });

  it("gives up on a failing server after its tries and keeps the page-only draft", async () => {
    fakeModel.setMode("server-error");
    const before = fakeModel.requests;
    const outcome = await draftTool({
      facts: await factsOf("/jsonld"),
      taxonomy: TAXONOMY,
      model,
      ask: { sleep: () => Promise.resolve() },
    });
    expect(fakeModel.requests).toBe(before + 4);
    expect(outcome.modelProblem).toMatch(/HTTP 500.*4 tries/);
    expect(outcome.modelProblem).not.toContain(KEY);
  });

  it("gives up on a model that never answers after one wait and keeps the page-only draft", async () => {
    fakeModel.setMode("timeout");
    const before = fakeModel.requests;
    const outcome = await draftTool({
      facts: await factsOf("/meta-only"),
      taxonomy: TAXONOMY,
      model,
      ask: { timeoutMs: 100, sleep: () => Promise.resolve() },
    });
    expect(fakeModel.requests).toBe(before + 1);
    expect(outcome.usedModel).toBe(false);
    expect(outcome.modelProblem).toMatch(/did not answer within 0.1 seconds/);
    expect(outcome.draft.name?.source).toBe("meta");
  });

  it("stops waiting for a model that never answers when the job is cancelled", async () => {
    fakeModel.setMode("timeout");
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    await expect(
      draftTool({
        facts: await factsOf("/jsonld"),
        taxonomy: TAXONOMY,
        model,
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ code: "cancelled" });
  });

  it("redrafts one field with the model, and from the page without one", async () => {
    fakeModel.setMode("good");
    const facts = await factsOf("/jsonld");
    const { draft } = await draftTool({ facts, taxonomy: TAXONOMY, model: null });
    const withModel = await redraftField("seoTitle", {
      facts,
      taxonomy: TAXONOMY,
      model,
      current: {},
    });
    expect(withModel?.source).toBe("model");
    const body = fakeModel.lastBody() as { messages: { content: string }[] };
    expect(body.messages[1]!.content).toMatch(/Draft these fields: seoTitle\./);
    const next = await redraftField("cardDescription", {
      facts,
      taxonomy: TAXONOMY,
      model: null,
      current: draft,
    });
    expect(next).not.toBeNull();
    expect(next!.value).not.toBe(draft.cardDescription!.value);
    expect(next!.value).toBe(
      "Summaries, action items and a searchable archive of every meeting, written for you.",
    );
  });
});
