import type { DraftedPlan } from "~/lib/ai-draft";
import {
  DATA_REGIONS,
  FACTS,
  isFactKey,
  PLATFORMS,
  type DataRegion,
  type FactKey,
  type Platform,
  type ToolFacts,
} from "~/lib/buyer-facts";
import { INTEGRATIONS, isIntegrationKey } from "~/lib/integrations";
import { toolFactsSchema } from "~/lib/buyer-fact-schema";
import { planSchema } from "~/lib/pricing-plan-schema";
import type { SourcePage } from "./draft-types.server";
import { evidenceOf, matchable } from "./page-evidence.server";

// The rule every drafted fact and plan passes, whoever read it (the page reader or the model):
// its quote is in the text of one of the pages fetched for the draft, the quote is about the fact
// (a SOC 2 claim quotes SOC 2), and a value the quote cannot carry is refused ("no" needs the
// page to say so). A fact that fails is not drafted: it stays unknown.

/** Words a quote for each fact must contain. */
export const FACT_SUBJECTS: Record<Exclude<FactKey, "integrations" | "platforms">, RegExp> = {
  sso: /\bsaml\b|single sign[- ]?on|\bsso\b|\boidc\b|openid connect/i,
  scim: /\bscim\b/i,
  mfa: /multi[- ]factor|two[- ]factor|\b2fa\b|\bmfa\b|two[- ]step (verification|authentication)/i,
  "audit-log": /audit (log|trail)/i,
  soc2: /\bsoc ?2\b/i,
  iso27001: /\biso(\/iec)?[ -]?27001\b/i,
  hipaa: /\bhipaa\b/i,
  "gdpr-dpa": /\bdpa\b|data processing (agreement|addendum)/i,
  subprocessors: /\bsub-?processors?\b/i,
  "data-regions": /host|data ?cent(er|re)|stor(ed|es|age)|region|residency|servers?|located/i,
  "no-training": /\btrain/i,
  retention: /retain|retention|delet|kept|keep/i,
  "self-hosted": /self[- ]host|on[- ]prem/i,
  "open-source": /open[- ]source/i,
  api: /\bapi\b/i,
  "free-plan": /\bfree\b|\$0\b/i,
  "free-trial": /\btrial\b/i,
};

/** A page that says "not": the only kind of quote a "no" may rest on. */
export const NEGATION =
  /\b(not|no|never|without|cannot|unavailable)\b|n't\b|\bnot (yet )?(available|supported|offered)/i;

/** Region names as pages write them: proper nouns, so case counts ("US", never "us"). */
export const REGION_WORDS: Record<Exclude<DataRegion, "other">, RegExp> = {
  eu: /\bEU\b|European Union|\bEurope(an)?\b|Frankfurt|Ireland|Dublin|Germany|Amsterdam|Paris/,
  us: /\bUS\b|\bU\.S\.|\bUSA\b|United States|North America|Virginia|Oregon/,
  uk: /\bUK\b|United Kingdom|\bLondon\b|Great Britain/,
  ca: /\bCanada\b|\bCanadian\b|Montreal|Toronto/,
  au: /\bAustralia(n)?\b|Sydney/,
};

export const PLATFORM_WORDS: Record<Platform, RegExp> = {
  web: /\bweb app\b|\bin (your|the|any) browser\b/i,
  windows: /\bWindows\b/,
  macos: /\bmacOS\b|\bMac( app)?\b/,
  linux: /\bLinux\b/,
  ios: /\biOS\b|\biPhone\b|\biPad\b|App Store/,
  android: /\bAndroid\b|Google Play/,
  "chrome-extension": /Chrome (extension|Web Store)/i,
  api: /\bAPI\b/,
};

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const integrationPatterns = new Map<string, RegExp>();

/** An app's name as a whole word, as its maker writes it ("HubSpot", "monday.com"). */
export function integrationPattern(label: string): RegExp {
  let pattern = integrationPatterns.get(label);
  if (!pattern) {
    pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${escape(label)}($|[^\\p{L}\\p{N}])`, "u");
    integrationPatterns.set(label, pattern);
  }
  return pattern;
}

const matchableTexts = new WeakMap<SourcePage, string>();

function matchableText(page: SourcePage): string {
  let text = matchableTexts.get(page);
  if (text === undefined) {
    text = matchable(page.facts.text);
    matchableTexts.set(page, text);
  }
  return text;
}

/** The first page whose text holds the quote, the named page first. */
function pageWithQuote(
  pages: readonly SourcePage[],
  quote: string,
  named: string | null,
): SourcePage | null {
  const wanted = matchable(quote).replace(/^["'“]+|["'”.…]+$/g, "");
  if (wanted.length < 4) return null;
  const ordered = [
    ...pages.filter((page) => page.url === named),
    ...pages.filter((page) => page.url !== named),
  ];
  return ordered.find((page) => matchableText(page).includes(wanted)) ?? null;
}

/** Whether the quote (or, for lists of apps and platforms, its page) carries the value. */
function carries(key: FactKey, value: unknown, quote: string, pageText: string): boolean {
  const kind = FACTS[key].kind;
  if (key === "integrations") {
    return (
      Array.isArray(value) &&
      value.every(
        (item) =>
          typeof item === "string" &&
          isIntegrationKey(item) &&
          integrationPattern(INTEGRATIONS[item]).test(pageText),
      )
    );
  }
  if (key === "platforms") {
    return (
      Array.isArray(value) &&
      value.every(
        (item) =>
          (PLATFORMS as readonly unknown[]).includes(item) &&
          PLATFORM_WORDS[item as Platform].test(pageText),
      )
    );
  }
  if (!FACT_SUBJECTS[key].test(quote)) return false;
  switch (kind) {
    case "yes-no":
      return value === "no" ? NEGATION.test(quote) : true;
    case "soc2":
      if (value === "none") return NEGATION.test(quote);
      if (value === "type2") return /type (ii|2)\b/i.test(quote);
      return /type (i|1)\b/i.test(quote);
    case "training":
      if (value === "yes") return NEGATION.test(quote);
      if (value === "opt-out") return /opt[- ]?out/i.test(quote);
      return true;
    case "regions":
      return (
        Array.isArray(value) &&
        value.every(
          (region) =>
            (DATA_REGIONS as readonly unknown[]).includes(region) &&
            region !== "other" &&
            REGION_WORDS[region as Exclude<DataRegion, "other">].test(quote),
        )
      );
    case "trial":
      return value === "no" ? NEGATION.test(quote) : quote.includes(String(value));
    default:
      return true;
  }
}

/** A claimed fact, as the reader or the model gives it. */
export interface ClaimedFact {
  value: unknown;
  quote: unknown;
  /** The page the claim names (the model's), tried first. */
  url?: unknown;
  reportDate?: unknown;
}

/** The claims that pass the rule, as facts with source "ai", checked today. */
export function checkClaimedFacts(
  claims: Partial<Record<string, ClaimedFact>>,
  pages: readonly SourcePage[],
  today: string,
): ToolFacts {
  const facts: Record<string, unknown> = {};
  for (const [key, claim] of Object.entries(claims)) {
    if (!isFactKey(key) || !claim || typeof claim.quote !== "string") continue;
    const quote = evidenceOf(claim.quote);
    const page = pageWithQuote(pages, quote, typeof claim.url === "string" ? claim.url : null);
    if (!page || !carries(key, claim.value, quote, page.facts.text)) continue;
    const fact: Record<string, unknown> = {
      value: claim.value,
      source: "ai",
      evidenceUrl: page.url,
      quote,
      checkedAt: today,
    };
    if (key === "soc2" && typeof claim.reportDate === "string") {
      const year = claim.reportDate.slice(0, 4);
      if (quote.includes(year)) fact.reportDate = claim.reportDate;
    }
    const checked = toolFactsSchema.safeParse({ [key]: fact });
    if (checked.success) Object.assign(facts, checked.data);
  }
  return facts as ToolFacts;
}

/** A claimed plan: the plan's fields and the quote it rests on. */
export interface ClaimedPlan {
  name?: unknown;
  price?: unknown;
  currency?: unknown;
  period?: unknown;
  unit?: unknown;
  note?: unknown;
  quote?: unknown;
  url?: unknown;
}

/** "1,200" is a thousand two hundred, "9,99" nine ninety-nine. */
export function numberOf(text: string): number {
  return Number(/,\d{3}\b/.test(text) ? text.replace(/,/g, "") : text.replace(",", "."));
}

function numbersOf(text: string): number[] {
  return [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((match) => numberOf(match[0]));
}

/** The plans that pass the rule: the quote is on a page and names the plan and its price. */
export function checkClaimedPlans(
  claims: readonly ClaimedPlan[],
  pages: readonly SourcePage[],
): DraftedPlan[] {
  const plans: DraftedPlan[] = [];
  for (const claim of claims) {
    if (typeof claim.quote !== "string") continue;
    const quote = evidenceOf(claim.quote);
    const page = pageWithQuote(pages, quote, typeof claim.url === "string" ? claim.url : null);
    if (!page) continue;
    const parsed = planSchema.safeParse({
      name: claim.name,
      price: claim.price,
      currency: claim.currency ?? undefined,
      period: claim.period,
      unit: claim.unit ?? undefined,
      note: claim.note ?? null,
    });
    if (!parsed.success) continue;
    const plan = parsed.data;
    if (!matchable(quote).includes(matchable(plan.name))) continue;
    const priceStated =
      plan.price === 0 ? /\bfree\b|\b0\b/i.test(quote) : numbersOf(quote).includes(plan.price);
    if (!priceStated) continue;
    if (plans.some((other) => other.name.toLowerCase() === plan.name.toLowerCase())) continue;
    plans.push({ ...plan, quote, evidenceUrl: page.url });
  }
  return plans;
}
