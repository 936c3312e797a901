import { describe, expect, it } from "vitest";
import {
  FACT_KEYS,
  fitOf,
  formatFactValue,
  metRequirements,
  type ToolFacts,
} from "~/lib/buyer-facts";
import { generateDemoCatalogue } from "#server/seed/demo-catalogue.server";
import { toolFactsSchema } from "~/lib/buyer-fact-schema";
import { plansSchema } from "~/lib/pricing-plan-schema";

const provenance = {
  source: "vendor",
  evidenceUrl: "https://acme.example/security",
  checkedAt: "2026-12-02",
};

function messagesOf(input: unknown): string[] {
  const parsed = toolFactsSchema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("buyer facts as written", () => {
  it("keeps each fact with its provenance and leaves unknown facts out", () => {
    const facts = toolFactsSchema.parse({
      sso: { value: "yes", ...provenance, quote: "SAML single sign-on on every plan." },
      scim: { value: "unknown", ...provenance },
      mfa: null,
      soc2: { value: "type2", ...provenance, reportDate: "2026-06-30" },
      "data-regions": { value: ["eu", "us", "eu"], ...provenance },
      "free-trial": { value: "14", ...provenance },
    });
    expect(Object.keys(facts).sort()).toEqual(["data-regions", "free-trial", "soc2", "sso"]);
    expect(facts.sso).toEqual({
      value: "yes",
      source: "vendor",
      evidenceUrl: "https://acme.example/security",
      quote: "SAML single sign-on on every plan.",
      checkedAt: "2026-12-02",
    });
    expect(facts["data-regions"]?.value).toEqual(["eu", "us"]);
    expect(facts["free-trial"]?.value).toBe(14);
    expect(facts.soc2?.reportDate).toBe("2026-06-30");
  });

  it("names the field of every refused value", () => {
    expect(messagesOf({ "sso-everywhere": { value: "yes", ...provenance } })).toEqual([
      expect.stringMatching(/^: Unknown fact "sso-everywhere"/),
    ]);
    expect(messagesOf({ "data-regions": { value: ["eu", "mars"], ...provenance } })).toEqual([
      "data-regions.value.1: Each region must be one of: eu, us, uk, ca, au, other.",
    ]);
    expect(messagesOf({ sso: { value: "maybe", ...provenance } })).toEqual([
      "sso.value: Choose yes or no.",
    ]);
    expect(messagesOf({ integrations: { value: ["slack", "myspace"], ...provenance } })).toEqual([
      'integrations.value: "myspace" is not a known integration.',
    ]);
    expect(
      messagesOf({ sso: { value: "yes", ...provenance, evidenceUrl: "javascript:alert(1)" } }),
    ).toEqual([
      "sso.evidenceUrl: The evidence must be a web address that starts with http:// or https://.",
    ]);
    expect(messagesOf({ sso: { value: "yes", ...provenance, checkedAt: "2026-02-30" } })).toEqual([
      "sso.checkedAt: The checked date must be a date (YYYY-MM-DD).",
    ]);
    expect(messagesOf({ sso: { value: "yes", ...provenance, reportDate: "2026-01-01" } })).toEqual([
      "sso.reportDate: Only the SOC 2 fact has a report date.",
    ]);
  });

  it("never takes a drafted fact without the quote and the page it came from", () => {
    expect(
      messagesOf({
        soc2: { value: "type2", source: "ai", evidenceUrl: null, checkedAt: "2026-12-02" },
      }),
    ).toEqual(["soc2.quote: A drafted fact needs the quote and the page it came from."]);
  });
});

describe("requirements", () => {
  const facts: ToolFacts = toolFactsSchema.parse({
    sso: { value: "no", ...provenance },
    soc2: { value: "type1", ...provenance },
    "data-regions": { value: ["us", "uk"], ...provenance },
    "no-training": { value: "opt-out", ...provenance },
    "free-trial": { value: "no", ...provenance },
  });

  it("meets, fails, or leaves unknown, as the facts say", () => {
    expect(fitOf(facts, "sso")).toBe("fails");
    expect(fitOf(facts, "scim")).toBe("unknown");
    expect(fitOf(facts, "soc2")).toBe("meets");
    expect(fitOf(facts, "soc2-type2")).toBe("fails");
    expect(fitOf(facts, "eu-data")).toBe("fails");
    expect(fitOf(facts, "uk-data")).toBe("meets");
    expect(fitOf(facts, "no-training")).toBe("meets");
    expect(fitOf(facts, "free-trial")).toBe("fails");
    expect(metRequirements(facts)).toEqual(["soc2", "us-data", "uk-data", "no-training"]);
  });

  it("shows values in words", () => {
    expect(formatFactValue("soc2", "type2")).toBe("Type II");
    expect(formatFactValue("data-regions", ["eu", "ca"])).toBe("EU, Canada");
    expect(formatFactValue("integrations", ["hubspot", "microsoft-teams"])).toBe(
      "HubSpot, Microsoft Teams",
    );
    expect(formatFactValue("free-trial", 14)).toBe("14 days");
    expect(formatFactValue("no-training", "opt-out")).toBe("Opt-out available");
  });
});

describe("the demo catalogue's facts and plans", () => {
  const { tools } = generateDemoCatalogue(400);

  it("are valid, as any writer's would have to be", () => {
    for (const tool of tools) {
      expect(toolFactsSchema.parse(tool.facts)).toEqual(tool.facts);
      expect(plansSchema.parse(tool.plans)).toEqual(tool.plans);
    }
  });

  it("give every fact key and every pricing shape somewhere", () => {
    const keys = new Set(tools.flatMap((tool) => Object.keys(tool.facts ?? {})));
    expect([...keys].sort()).toEqual([...FACT_KEYS].sort());
    expect(tools.some((tool) => tool.plans?.length === 0 && tool.pricingModel)).toBe(true);
    expect(tools.some((tool) => tool.plans?.some((plan) => plan.period === "year"))).toBe(true);
  });
});
