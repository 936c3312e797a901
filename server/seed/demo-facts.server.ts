import type { DataRegion, Fact, Platform, ToolFacts } from "~/lib/buyer-facts";
import { INTEGRATION_KEYS, type IntegrationKey } from "~/lib/integrations";
import type { PricingPlan } from "~/lib/pricing-plans";
import type { Random } from "../core/seeded-random.server";

// Plausible buyer facts and plans for a demo tool (source "demo"), so the requirement filters,
// the price ceiling and the tool page's sections have something to show. Business tools state
// security facts more often the more they cost, as real vendors do.

interface DemoTool {
  websiteUrl: string | null;
  pricingModel: string | null;
  /** The day the demo facts were last confirmed (YYYY-MM-DD). */
  checkedAt: string;
}

const PLAN_PRICES = [8, 10, 12, 15, 19, 24, 29, 39, 49, 79, 99] as const;
const COMMON_APPS: readonly IntegrationKey[] = [
  "slack",
  "microsoft-teams",
  "google-workspace",
  "microsoft-365",
  "hubspot",
  "salesforce",
  "zapier",
  "notion",
  "jira",
  "zendesk",
];

function plansOf(random: Random, model: string | null): PricingPlan[] {
  const plan = (name: string, price: number, unit: PricingPlan["unit"]): PricingPlan => ({
    name,
    price,
    currency: "USD",
    period: "month",
    unit,
    note: null,
  });
  const price = random.pick(PLAN_PRICES);
  const unit = random.chance(0.6) ? "per-user" : "flat";
  const yearly = (monthly: PricingPlan): PricingPlan => ({
    ...monthly,
    name: `${monthly.name} (yearly)`,
    price: Math.round(monthly.price * 10),
    period: "year",
    note: "Two months free when paid yearly.",
  });
  switch (model) {
    case "Free":
      return [plan("Free", 0, "flat")];
    case "Freemium": {
      const pro = plan("Pro", price, unit);
      return random.chance(0.4)
        ? [plan("Free", 0, "flat"), pro, yearly(pro)]
        : [plan("Free", 0, "flat"), pro];
    }
    case "Paid": {
      const starter = plan("Starter", price, unit);
      const business = plan("Business", price * 2, unit);
      return random.chance(0.5) ? [starter, business] : [starter, business, yearly(starter)];
    }
    default:
      return [];
  }
}

function factsOf(random: Random, tool: DemoTool, isBusiness: boolean): ToolFacts {
  const site = tool.websiteUrl;
  const fact = <V>(value: V, page: string): Fact<V> => ({
    value,
    source: "demo",
    evidenceUrl: site ? `${site}/${page}` : null,
    quote: null,
    checkedAt: tool.checkedAt,
  });
  const stated = (probability: number) => random.chance(isBusiness ? probability : probability / 2);
  const yesOrNo = (yes: number) => (random.chance(yes) ? "yes" : "no") as "yes" | "no";
  const facts: ToolFacts = {};
  if (stated(0.7)) facts.sso = fact(yesOrNo(isBusiness ? 0.75 : 0.3), "security");
  if (stated(0.4)) facts.scim = fact(yesOrNo(0.5), "security");
  if (stated(0.7)) facts.mfa = fact(yesOrNo(0.85), "security");
  if (stated(0.4)) facts["audit-log"] = fact(yesOrNo(0.6), "security");
  if (stated(0.6)) {
    const level = random.pick(["none", "type1", "type2", "type2"] as const);
    facts.soc2 = {
      ...fact(level, "trust"),
      reportDate: level === "type2" ? `2026-0${random.int(1, 9)}-15` : null,
    };
  }
  if (stated(0.4)) facts.iso27001 = fact(yesOrNo(0.5), "trust");
  if (stated(0.3)) facts.hipaa = fact(yesOrNo(0.3), "trust");
  if (stated(0.6)) facts["gdpr-dpa"] = fact(yesOrNo(0.85), "privacy");
  if (stated(0.4)) facts.subprocessors = fact(yesOrNo(0.8), "privacy");
  if (stated(0.6)) {
    const regions: DataRegion[] = random.sample(
      ["us", "eu", "eu", "uk", "ca", "au"],
      random.int(1, 3),
    );
    facts["data-regions"] = fact([...new Set(regions)], "privacy");
  }
  if (stated(0.5))
    facts["no-training"] = fact(random.pick(["yes", "yes", "opt-out", "no"] as const), "privacy");
  if (stated(0.3))
    facts.retention = fact(
      random.pick(["30 days after deletion", "Until the account is closed", "90 days"]),
      "privacy",
    );
  if (random.chance(0.15)) facts["self-hosted"] = fact(yesOrNo(0.4), "docs");
  if (random.chance(0.2)) facts["open-source"] = fact(yesOrNo(0.3), "docs");
  if (random.chance(0.6)) facts.api = fact(yesOrNo(0.7), "developers");
  if (random.chance(0.7)) {
    const apps = [
      ...random.sample(COMMON_APPS, random.int(1, 4)),
      ...random.sample(INTEGRATION_KEYS, random.int(0, 2)),
    ];
    facts.integrations = fact([...new Set(apps)], "integrations");
  }
  if (random.chance(0.7)) {
    const platforms: Platform[] = [
      "web",
      ...random.sample(
        ["windows", "macos", "ios", "android", "chrome-extension", "api"] as const,
        random.int(0, 3),
      ),
    ];
    facts.platforms = fact(platforms, "download");
  }
  return facts;
}

/** A demo tool's facts and plans; the free plan and trial facts agree with the plans. */
export function demoFactsAndPlans(
  random: Random,
  tool: DemoTool,
): { facts: ToolFacts; plans: PricingPlan[] } {
  // Some priced tools keep only their text price, as tools without published plans do.
  const plans = random.chance(0.85) ? plansOf(random, tool.pricingModel) : [];
  const isBusiness = plans.some((plan) => plan.price >= 19) || random.chance(0.3);
  const facts = factsOf(random, tool, isBusiness);
  if (plans.length > 0) {
    const fact = {
      source: "demo" as const,
      evidenceUrl: tool.websiteUrl && `${tool.websiteUrl}/pricing`,
      quote: null,
      checkedAt: tool.checkedAt,
    };
    facts["free-plan"] = { ...fact, value: plans.some((plan) => plan.price === 0) ? "yes" : "no" };
    if (random.chance(0.5))
      facts["free-trial"] = { ...fact, value: random.pick([7, 14, 14, 30] as const) };
  }
  return { facts, plans };
}
