import type { DraftedPlan } from "~/lib/ai-draft";
import type { DataRegion, FactKey, Platform, ToolFacts } from "~/lib/buyer-facts";
import { INTEGRATION_KEYS, INTEGRATIONS, type IntegrationKey } from "~/lib/integrations";
import {
  checkClaimedFacts,
  type ClaimedFact,
  FACT_SUBJECTS,
  integrationPattern,
  PLATFORM_WORDS,
  REGION_WORDS,
} from "./check-buyer-facts.server";
import type { SourcePage } from "./draft-types.server";

// Buyer facts from the words of the tool's own pages, without a model: each fact rests on one
// sentence that states it ("SSO via SAML", "SOC 2 Type II", "hosted in the EU", "we do not
// train on your data"). A sentence that denies a fact drafts "no" only when it plainly says so;
// one that hedges ("SOC 2 in progress") drafts nothing. What no page states stays unknown.

/** A sentence of a page: the unit a fact's quote is. */
interface Sentence {
  text: string;
  page: SourcePage;
}

/** The order pages' statements count in: the security page's word on SSO beats a plan's. */
const PAGE_ORDER: SourcePage["topic"][] = [
  "security",
  "privacy",
  "integrations",
  "pricing",
  "home",
];

function sentencesOf(pages: readonly SourcePage[]): Sentence[] {
  const ordered = PAGE_ORDER.flatMap((topic) => pages.filter((page) => page.topic === topic));
  return ordered.flatMap((page) =>
    page.facts.text
      .split("\n")
      .flatMap((line) => line.split(/(?<=[.!?])\s+(?=["“A-Z0-9])/))
      .map((text) => text.trim())
      .filter((text) => text.length >= 3 && text.length <= 400)
      .map((text) => ({ text, page })),
  );
}

/** "We do not support SSO", "SCIM is not available", "No free plan": a plain denial. */
const DENIAL =
  /\b(do(es)? not|don't|doesn't|cannot|can't|won't|will not) (currently )?(support|offer|provide|sign|have|include)\b|\b(is|are) not (currently )?(available|supported|offered|included|compliant|certified)\b|^no\b|\bno (free|sso|saml|scim|api|hipaa|soc ?2|audit)/i;
/** Words that make a claim a plan, not a fact. */
const HEDGE =
  /in progress|working (toward|towards|on)|pursuing|underway|under way|expected|planned|roadmap|coming soon/i;
/** Negative words that are not about the fact ("no credit card required"). */
const UNRELATED_NEGATION = /no credit card|no card required|no commitment|no setup fee/gi;

const NEGATED = /\b(not|never|without|cannot)\b|n't\b|\bno\b/i;

type YesNoKey = Extract<
  FactKey,
  | "sso"
  | "scim"
  | "mfa"
  | "audit-log"
  | "iso27001"
  | "hipaa"
  | "gdpr-dpa"
  | "subprocessors"
  | "self-hosted"
  | "open-source"
  | "api"
>;

/** What a sentence must say, beyond naming the subject, to state "yes". */
const YES_WORDING: Partial<Record<YesNoKey, RegExp>> = {
  hipaa: /complian|\bbaa\b|business associate/i,
  "open-source":
    /\b(is|are|fully|100%) open[- ]source\b|open[- ]source (under|licen[cs]e)|source code (is )?(available )?on github|\b(MIT|Apache|GPL|AGPL) licen[cs]e/i,
  api: /\b(public|rest|restful|graphql|open|developer|full) api\b|\bapi (access|docs|documentation|reference|keys?|endpoints?)\b/i,
};

const YES_NO_KEYS: YesNoKey[] = [
  "sso",
  "scim",
  "mfa",
  "audit-log",
  "iso27001",
  "hipaa",
  "gdpr-dpa",
  "subprocessors",
  "self-hosted",
  "open-source",
  "api",
];

function claimOf(sentence: Sentence, value: unknown): ClaimedFact {
  return { value, quote: sentence.text, url: sentence.page.url };
}

/** "yes" when a sentence names the fact without hedging or denying, "no" when it denies it. */
function yesNo(key: YesNoKey, text: string): "yes" | "no" | null {
  if (!FACT_SUBJECTS[key].test(text) || HEDGE.test(text)) return null;
  const denied = NEGATED.test(text.replace(UNRELATED_NEGATION, ""));
  if (denied) return DENIAL.test(text) ? "no" : null;
  const wording = YES_WORDING[key];
  return !wording || wording.test(text) ? "yes" : null;
}

function soc2(text: string): { value: string; reportDate: string | null } | null {
  if (!FACT_SUBJECTS.soc2.test(text) || HEDGE.test(text)) return null;
  if (NEGATED.test(text)) return DENIAL.test(text) ? { value: "none", reportDate: null } : null;
  const value = /type (ii|2)\b/i.test(text) ? "type2" : /type (i|1)\b/i.test(text) ? "type1" : null;
  if (!value) return null;
  return { value, reportDate: /\b(20\d\d-[01]\d-[0-3]\d)\b/.exec(text)?.[1] ?? null };
}

function regions(text: string): DataRegion[] {
  if (!FACT_SUBJECTS["data-regions"].test(text) || /\bnot\b|n't\b/i.test(text)) return [];
  return (Object.keys(REGION_WORDS) as Exclude<DataRegion, "other">[]).filter((region) =>
    REGION_WORDS[region].test(text),
  );
}

function training(text: string): "yes" | "opt-out" | "no" | null {
  if (!FACT_SUBJECTS["no-training"].test(text) || !/model|\bai\b/i.test(text)) return null;
  if (/opt[- ]?out/i.test(text)) return "opt-out";
  if (
    /\b(do not|don't|never|will not|won't|not)\b.{0,60}\btrain|\bnot (be )?used (to|for) (train|training)/i.test(
      text,
    )
  ) {
    return "yes";
  }
  if (/\b(may|will|can|might|we) use\b.{0,80}\bto (train|improve)\b/i.test(text)) return "no";
  return null;
}

const RETENTION =
  /\b(retain|retention|delete[ds]?|kept|keep)\b.{0,80}\b\d+\s*(days?|months?|years?)\b/i;

function trial(text: string): number | "no" | null {
  if (!/\btrial\b/i.test(text)) return null;
  if (/\bno (free )?trial\b/i.test(text)) return "no";
  const days =
    /\b(\d{1,3})[- ]day (free )?trial\b/i.exec(text) ??
    /\btrial (of|for) (\d{1,3}) days\b/i.exec(text);
  if (!days) return null;
  return Number(days[2] && /^\d+$/.test(days[2]) ? days[2] : days[1]);
}

function freePlan(text: string): "yes" | "no" | null {
  if (/\bno free (plan|tier|version)\b/i.test(text)) return "no";
  return /\bfree (plan|tier|forever|version)\b|\bfree for(ever| one| up to)\b/i.test(text)
    ? "yes"
    : null;
}

/** Integrations: from the integrations page, else sentences about connecting apps. */
function integrationsClaim(sentences: readonly Sentence[]): ClaimedFact | null {
  const mentions = (text: string): IntegrationKey[] =>
    INTEGRATION_KEYS.filter((key) => integrationPattern(INTEGRATIONS[key]).test(text));
  const pages = [...new Set(sentences.map((sentence) => sentence.page))];
  for (const page of pages) {
    const onPage = sentences.filter(
      (sentence) =>
        sentence.page === page &&
        (page.topic === "integrations" || /integrat|connect|works with|sync/i.test(sentence.text)),
    );
    const found = [...new Set(onPage.flatMap((sentence) => mentions(sentence.text)))];
    if (found.length === 0) continue;
    // The quote: the sentence naming the most apps (the longer one of equals, not a bare name).
    const quoted = onPage
      .map((sentence) => ({ sentence, count: mentions(sentence.text).length }))
      .reduce((best, next) =>
        next.count > best.count ||
        (next.count === best.count && next.sentence.text.length > best.sentence.text.length)
          ? next
          : best,
      );
    return claimOf(quoted.sentence, found);
  }
  return null;
}

function platformsClaim(sentences: readonly Sentence[]): ClaimedFact | null {
  let best: { sentence: Sentence; platforms: Platform[] } | null = null;
  for (const sentence of sentences) {
    if (
      !/available (on|for|in)|download|desktop|mobile|apps? (for|on)|install/i.test(sentence.text)
    ) {
      continue;
    }
    const platforms = (Object.keys(PLATFORM_WORDS) as Platform[]).filter(
      (platform) => platform !== "api" && PLATFORM_WORDS[platform].test(sentence.text),
    );
    if (platforms.length > (best?.platforms.length ?? 0)) best = { sentence, platforms };
  }
  return best ? claimOf(best.sentence, best.platforms) : null;
}

/**
 * The facts the pages state, each with its sentence and page; the plans add "free-plan" when one
 * is free. Every claim passes the same check as a model's.
 */
export function readBuyerFacts(
  pages: readonly SourcePage[],
  plans: readonly DraftedPlan[],
  today: string,
): ToolFacts {
  const sentences = sentencesOf(pages);
  const claims: Partial<Record<FactKey, ClaimedFact>> = {};
  const claim = (key: FactKey, sentence: Sentence, value: unknown) => {
    claims[key] ??= claimOf(sentence, value);
  };
  let bestRegions: { sentence: Sentence; regions: DataRegion[] } | null = null;
  for (const sentence of sentences) {
    const text = sentence.text;
    for (const key of YES_NO_KEYS) {
      if (claims[key]) continue;
      const value = yesNo(key, text);
      if (value) claim(key, sentence, value);
    }
    if (!claims.soc2) {
      const report = soc2(text);
      if (report)
        claims.soc2 = { ...claimOf(sentence, report.value), reportDate: report.reportDate };
    }
    const found = regions(text);
    if (found.length > (bestRegions?.regions.length ?? 0))
      bestRegions = { sentence, regions: found };
    const trainingValue = training(text);
    if (trainingValue) claim("no-training", sentence, trainingValue);
    if (RETENTION.test(text)) claim("retention", sentence, text.slice(0, 300));
    const trialValue = trial(text);
    if (trialValue !== null) claim("free-trial", sentence, trialValue);
    const free = freePlan(text);
    if (free) claim("free-plan", sentence, free);
  }
  if (bestRegions) claims["data-regions"] = claimOf(bestRegions.sentence, bestRegions.regions);
  const freeOne = plans.find((plan) => plan.price === 0);
  if (!claims["free-plan"] && freeOne) {
    claims["free-plan"] = { value: "yes", quote: freeOne.quote, url: freeOne.evidenceUrl };
  }
  const integrations = integrationsClaim(sentences);
  if (integrations) claims.integrations = integrations;
  const platforms = platformsClaim(sentences);
  if (platforms) claims.platforms = platforms;
  return checkClaimedFacts(claims, pages, today);
}
