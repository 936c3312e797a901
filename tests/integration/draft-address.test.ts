import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DraftAddressFailure,
  draftAddress,
  type DraftStep,
} from "#server/services/ai-draft/draft-address.server";
import { startFakeModel, type FakeModel } from "../support/fake-model-server";
import { startFixtureSites, type FixtureSites } from "../support/fixture-sites";

// One address to a draft, step by step, against the loopback fixture sites and the fake model.

const CATALOGUED = { id: "t-catalogued", name: "Brieflow", path: "/ai-tools/x/brieflow" };

describe("draftAddress", () => {
  let sites: FixtureSites;
  let model: FakeModel;
  let mediaDir: string;
  const base = { allowPrivate: true, taxonomy: [], model: null };

  const failureOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(DraftAddressFailure);
    return error as DraftAddressFailure;
  };

  beforeAll(async () => {
    sites = await startFixtureSites();
    model = await startFakeModel();
    mediaDir = await mkdtemp(path.join(tmpdir(), "draft-address-"));
  });
  afterAll(async () => {
    await sites.close();
    await model.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it("goes through its steps in order and stores the main image", async () => {
    const steps: DraftStep[] = [];
    const drafted = await draftAddress(sites.url("/jsonld"), {
      ...base,
      mediaDir,
      onStep: (step) => {
        if (steps.at(-1) !== step) steps.push(step);
      },
    });
    expect(steps).toEqual(["fetching", "reading", "drafting"]);
    expect(drafted.draft.name).toMatchObject({ value: "Brieflow", source: "json-ld" });
    expect(drafted.draft.websiteUrl).toMatchObject({ source: "address" });
    expect(drafted.page?.imageUrl).toBeTruthy();
    await stat(path.join(mediaDir, drafted.draft.mainImage!.value));
  });

  it("reads the pricing page the page links on its own host", async () => {
    const before = sites.hits("/pricing");
    const drafted = await draftAddress(sites.url("/jsonld"), base);
    expect(sites.hits("/pricing")).toBe(before + 1);
    expect(drafted.page?.text).toContain("Paying yearly saves two months.");
    expect(drafted.draft.name?.value).toBe("Brieflow");
  });

  it("flags a duplicate found after a redirect before fetching where it leads", async () => {
    const before = sites.hits("/jsonld");
    const failure = await failureOf(
      draftAddress(sites.url("/redirect/3"), {
        ...base,
        findDuplicate: async (siteKey) => (siteKey === "127.0.0.1/jsonld" ? CATALOGUED : null),
      }),
    );
    expect(failure.code).toBe("duplicate");
    expect(failure.duplicateOf).toEqual(CATALOGUED);
    expect(failure.finalUrl).toBe(sites.url("/jsonld"));
    expect(sites.hits("/jsonld")).toBe(before);
  });

  it("checks for a duplicate before any fetch, unless told to draft anyway", async () => {
    const before = sites.hits("/meta-only");
    const findDuplicate = async () => CATALOGUED;
    const failure = await failureOf(
      draftAddress(sites.url("/meta-only"), { ...base, findDuplicate }),
    );
    expect(failure.code).toBe("duplicate");
    expect(sites.hits("/meta-only")).toBe(before);
    const drafted = await draftAddress(sites.url("/meta-only"), {
      ...base,
      findDuplicate,
      ignoreDuplicate: true,
    });
    expect(drafted.draft.name?.value).toBeTruthy();
  });

  it("keeps the website from the address on a failure", async () => {
    const failure = await failureOf(draftAddress(sites.url("/status/500"), base));
    expect(failure.code).toBe("http_error");
    expect(failure.partial.websiteUrl).toEqual({
      value: sites.url("/status/500"),
      source: "address",
      evidence: sites.url("/status/500"),
    });
    const invalid = await failureOf(draftAddress("mailto:someone@example.com", base));
    expect(invalid.code).toBe("invalid_address");
  });

  it("keeps what the tags of a page that needs JavaScript say, but nothing of a bot check", async () => {
    const app = await failureOf(draftAddress(sites.url("/spa-meta"), base));
    expect(app.code).toBe("needs_javascript");
    expect(app.partial).toMatchObject({
      name: { value: "Quillpoint", source: "meta" },
      cardDescription: { source: "meta" },
      websiteUrl: { value: sites.url("/spa-meta"), source: "address" },
    });
    expect(JSON.stringify(app.partial)).not.toContain("Loading");
    const shell = await failureOf(draftAddress(sites.url("/spa"), base));
    expect(Object.keys(shell.partial)).toEqual(["websiteUrl"]);
    const challenge = await failureOf(draftAddress(sites.url("/challenge-200"), base));
    expect(challenge.code).toBe("bot_challenge");
    expect(Object.keys(challenge.partial)).toEqual(["websiteUrl"]);
  });

  it("stops a slow fetch when its signal aborts", async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 200);
    await failureOf(draftAddress(sites.url("/slow"), { ...base, signal: controller.signal }));
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("drafts with the model when one is set", async () => {
    model.setMode("good");
    const drafted = await draftAddress(sites.url("/meta-only"), {
      ...base,
      model: { baseUrl: model.baseUrl, model: "fake", apiKey: null },
    });
    expect(drafted.usedModel).toBe(true);
    expect(Object.values(drafted.draft).some((field) => field?.source === "model")).toBe(true);
  });
});
