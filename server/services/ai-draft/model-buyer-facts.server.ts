import type { DraftedPlan } from "~/lib/ai-draft";
import { DATA_REGIONS, FACT_KEYS, PLATFORMS, type ToolFacts } from "~/lib/buyer-facts";
import { INTEGRATION_KEYS } from "~/lib/integrations";
import { PLAN_PERIODS, PLAN_UNITS } from "~/lib/pricing-plans";
import {
  checkClaimedFacts,
  checkClaimedPlans,
  type ClaimedFact,
  type ClaimedPlan,
  FACT_SUBJECTS,
} from "./check-buyer-facts.server";
import type { SourcePage } from "./draft-types.server";
import { clip } from "./page-evidence.server";

// What the model is asked about a tool's buyer facts and plans, the tool's own pages it reads
// them from, and the check of its answer: the same rule as the page reader's (a quote that is on
// a fetched page and states the fact), so a fact the model asserts without one is overruled.

const YES_NO = '"yes" or "no"';

const FACT_HINTS: Record<(typeof FACT_KEYS)[number], string> = {
  sso: `SAML or OIDC single sign-on: ${YES_NO}`,
  scim: `SCIM user provisioning: ${YES_NO}`,
  mfa: `multi-factor authentication: ${YES_NO}`,
  "audit-log": `an audit log: ${YES_NO}`,
  soc2: 'a SOC 2 report: "type1", "type2" or "none"; add "reportDate": "YYYY-MM-DD" when the page dates it',
  iso27001: `ISO 27001 certified: ${YES_NO}`,
  hipaa: `HIPAA (signs a BAA): ${YES_NO}`,
  "gdpr-dpa": `a GDPR data processing agreement is offered: ${YES_NO}`,
  subprocessors: `a public list of subprocessors: ${YES_NO}`,
  "data-regions": `where customer data is hosted: a list of ${DATA_REGIONS.filter((region) => region !== "other").join(", ")}`,
  "no-training":
    '"yes" (customer data is not used to train models), "opt-out" (used unless the customer opts out) or "no" (used)',
  retention: "how long customer data is kept, in a short sentence",
  "self-hosted": `self-hosting available: ${YES_NO}`,
  "open-source": `open source: ${YES_NO}`,
  api: `a public API: ${YES_NO}`,
  integrations: `the apps it integrates with, a list of these keys only: ${INTEGRATION_KEYS.join(", ")}`,
  platforms: `where it runs, a list of: ${PLATFORMS.join(", ")}`,
  "free-plan": `a free plan: ${YES_NO}`,
  "free-trial": 'the free trial\'s length in days (a number), or "no"',
};

/** The lines of the prompt's system message about facts and plans. */
export function factInstructions(): string {
  return [
    'Also give "facts": an object keyed by fact, each {"value": ..., "quote": "the exact sentence of a page that states it", "page": "that page\'s ADDRESS"}.',
    'Give a fact only when a page states it; leave it out when no page does (it stays unknown). Give "no" only when a page says so. A fact without a quote is not used.',
    `Facts:\n${FACT_KEYS.map((key) => `- ${key}: ${FACT_HINTS[key]}`).join("\n")}`,
    `And "plans": a list of the plans a page states, each {"name", "price": a number (0 for free), "currency": "USD", "period": one of ${PLAN_PERIODS.join(", ")}, "unit": one of ${PLAN_UNITS.join(", ")}, "note": "e.g. Billed annually" or null, "quote": "the exact words of the page with the plan's name and price", "page": "that page's ADDRESS"}.`,
  ].join("\n");
}

/** Lines of a page most likely to state a fact or a price come first. */
const STATES_SOMETHING = new RegExp(
  [
    ...Object.values(FACT_SUBJECTS).map((pattern) => pattern.source),
    String.raw`[$€£]\s?\d`,
    "integrat",
  ].join("|"),
  "i",
);

/** The tool's other pages as the model reads them, each cut to its share of `room`. */
export function sourcePagesForModel(pages: readonly SourcePage[], room: number): string {
  const shown = pages.filter((page) => !page.inMainText);
  if (shown.length === 0 || room <= 0) return "";
  const share = Math.floor(room / shown.length);
  return shown
    .map((page) => {
      const header = `PAGE ${page.topic.toUpperCase()}\nADDRESS: ${page.url}\n`;
      const lines = page.facts.text.split("\n");
      const kept = new Set<number>();
      let used = header.length;
      const indexes = lines.map((_, index) => index);
      const order = [
        ...indexes.filter((index) => STATES_SOMETHING.test(lines[index]!)),
        ...indexes.filter((index) => !STATES_SOMETHING.test(lines[index]!)),
      ];
      for (const index of order) {
        const length = Math.min(lines[index]!.length, 600) + 1;
        if (used + length > share) continue;
        kept.add(index);
        used += length;
      }
      const text = lines
        .filter((_, index) => kept.has(index))
        .map((line) => clip(line, 600))
        .join("\n");
      return `${header}${text}`;
    })
    .join("\n");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The model's facts and plans that pass the rule; anything else in them is dropped. */
export function checkModelFactsAndPlans(
  answer: { facts?: unknown; plans?: unknown },
  pages: readonly SourcePage[],
  today: string,
): { facts: ToolFacts; plans: DraftedPlan[] } {
  const claims: Record<string, ClaimedFact> = {};
  if (isRecord(answer.facts)) {
    for (const [key, claim] of Object.entries(answer.facts)) {
      if (isRecord(claim)) {
        claims[key] = {
          value: claim.value,
          quote: claim.quote,
          url: claim.page,
          reportDate: claim.reportDate,
        };
      }
    }
  }
  const planClaims: ClaimedPlan[] = Array.isArray(answer.plans)
    ? answer.plans.filter(isRecord).map((plan) => ({ ...plan, url: plan.page }))
    : [];
  return {
    facts: checkClaimedFacts(claims, pages, today),
    plans: checkClaimedPlans(planClaims, pages),
  };
}
