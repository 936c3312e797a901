import { FACT_KEYS, FACTS, type FactKey, type FactSource, type ToolFacts } from "./buyer-facts";
import { PAGE_CURRENCY, type PricingPlan } from "./pricing-plans";

// The editor's shape of a tool's facts and plans: every value as its inputs hold it ("" or
// "unknown" for none), turned back into what `toolInputSchema` reads before it is checked, so
// an error's path ("facts.sso.evidenceUrl", "plans.1.price") is the input's own.

export const UNKNOWN = "unknown";

/** One fact as the editor holds it, whatever its kind. */
export interface FactFormValue {
  /** A one-choice fact's value or the text ("unknown" or "" when unknown); lists use `list`. */
  value: string;
  /** Regions, platforms and integrations (empty when unknown). */
  list: string[];
  /** The free trial's length when `value` is "yes". */
  days: string;
  source: FactSource;
  evidenceUrl: string;
  quote: string;
  /** YYYY-MM-DD, or "" for a fact not yet set. */
  checkedAt: string;
  /** SOC 2 only. */
  reportDate: string;
}

export type FactFormValues = Record<FactKey, FactFormValue>;

/** One plan as the editor holds it: the price as typed, the period "" until chosen. */
export interface PlanFormValue {
  name: string;
  price: string;
  currency: string;
  period: string;
  unit: string;
  note: string;
}

const LIST_KINDS = new Set(["regions", "platforms", "integrations"]);

export function isListFact(key: FactKey): boolean {
  return LIST_KINDS.has(FACTS[key].kind);
}

export function toFactFormValues(facts: ToolFacts): FactFormValues {
  const form = {} as FactFormValues;
  for (const key of FACT_KEYS) {
    const fact = facts[key];
    const value = fact?.value;
    const isTrialDays = FACTS[key].kind === "trial" && typeof value === "number";
    form[key] = {
      value: Array.isArray(value)
        ? ""
        : isTrialDays
          ? "yes"
          : value === undefined
            ? FACTS[key].kind === "text"
              ? ""
              : UNKNOWN
            : String(value),
      list: Array.isArray(value) ? [...(value as string[])] : [],
      days: isTrialDays ? String(value) : "",
      source: fact?.source ?? "editor",
      evidenceUrl: fact?.evidenceUrl ?? "",
      quote: fact?.quote ?? "",
      checkedAt: fact?.checkedAt ?? "",
      reportDate: fact?.reportDate ?? "",
    };
  }
  return form;
}

/** Whether the editor's fact says nothing (it is left out when saved). */
export function isUnknownFormFact(key: FactKey, fact: FactFormValue): boolean {
  if (isListFact(key)) return fact.list.length === 0;
  return fact.value.trim() === "" || fact.value === UNKNOWN;
}

/** The facts as `toolFactsSchema` reads them; unknown ones are left out. */
export function fromFactFormValues(form: FactFormValues): Record<string, unknown> {
  const facts: Record<string, unknown> = {};
  for (const key of FACT_KEYS) {
    const fact = form[key];
    if (isUnknownFormFact(key, fact)) continue;
    const kind = FACTS[key].kind;
    facts[key] = {
      value: isListFact(key)
        ? fact.list
        : kind === "trial" && fact.value === "yes"
          ? fact.days.trim()
          : fact.value,
      source: fact.source,
      evidenceUrl: fact.evidenceUrl.trim() || null,
      quote: fact.quote.trim() || null,
      checkedAt: fact.checkedAt,
      ...(kind === "soc2" && { reportDate: fact.reportDate || null }),
    };
  }
  return facts;
}

const sameValue = (a: FactFormValue, b: FactFormValue) =>
  a.value === b.value && a.days === b.days && a.list.join("|") === b.list.join("|");

/**
 * A fact whose value an admin changed: it is now the editor's, checked today, unless the admin
 * already chose its source or date. Changed back to the stored value, it is the stored fact again.
 */
export function withChangedValue(
  current: FactFormValue,
  change: Partial<Pick<FactFormValue, "value" | "list" | "days">>,
  stored: FactFormValue,
  today: string,
): FactFormValue {
  const next = { ...current, ...change };
  if (sameValue(next, stored)) {
    return { ...next, source: stored.source, checkedAt: stored.checkedAt };
  }
  return {
    ...next,
    source: current.source === stored.source ? "editor" : current.source,
    checkedAt: current.checkedAt === stored.checkedAt ? today : current.checkedAt,
  };
}

export function toPlanFormValue(plan: PricingPlan): PlanFormValue {
  return {
    name: plan.name,
    price: String(plan.price),
    currency: plan.currency,
    period: plan.period,
    unit: plan.unit,
    note: plan.note ?? "",
  };
}

export const EMPTY_PLAN: PlanFormValue = {
  name: "",
  price: "",
  currency: PAGE_CURRENCY,
  period: "month",
  unit: "per-user",
  note: "",
};

/** The plans as `plansSchema` reads them (a period not chosen is missing, and refused). */
export function fromPlanFormValues(plans: readonly PlanFormValue[]): Record<string, unknown>[] {
  return plans.map((plan) => ({
    name: plan.name,
    price: plan.price,
    currency: plan.currency.trim() || PAGE_CURRENCY,
    ...(plan.period && { period: plan.period }),
    unit: plan.unit,
    note: plan.note,
  }));
}
