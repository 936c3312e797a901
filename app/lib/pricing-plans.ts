import type { PRICING_MODELS } from "./constants";

// A tool's price as its plans, and the figure a buyer compares: the starting price per user per
// month (decision 030). No zod here: pages show prices up front (decision 006).

export const PLAN_PERIODS = ["month", "year", "one-time", "usage"] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];

export const PLAN_UNITS = ["per-user", "flat", "per-usage"] as const;
export type PlanUnit = (typeof PLAN_UNITS)[number];

export const PLAN_LIMITS = { plans: 12, name: 60, note: 200, price: 1_000_000 } as const;

/** The currency the browse page states its prices in (`?maxPrice=`). */
export const PAGE_CURRENCY = "USD";

/** One plan of a tool's pricing, as pricing-plan-schema.ts reads it. */
export interface PricingPlan {
  name: string;
  price: number;
  /** A three-letter currency code (USD). */
  currency: string;
  period: PlanPeriod;
  unit: PlanUnit;
  note: string | null;
}

/** What a tool costs at the least, per user per month (or flat per month). */
export interface StartingPrice {
  amount: number;
  currency: string;
  /** "user": per user per month; "flat": for the whole team per month. */
  unit: "user" | "flat";
  plan: string;
}

const isRecurring = (plan: PricingPlan) =>
  (plan.period === "month" || plan.period === "year") && plan.unit !== "per-usage";

const perMonth = (plan: PricingPlan) =>
  Math.round((plan.period === "year" ? plan.price / 12 : plan.price) * 100) / 100;

/**
 * The cheapest paid monthly or yearly plan, yearly prices / 12; 0 when every such plan is free.
 * Prices in the page's currency are preferred; usage-based and one-time plans have no monthly
 * figure. Null when no plan says.
 */
export function startingPriceOf(plans: readonly PricingPlan[]): StartingPrice | null {
  const recurring = plans.filter(isRecurring);
  if (recurring.length === 0) return null;
  const currency = recurring.some((plan) => plan.currency === PAGE_CURRENCY)
    ? PAGE_CURRENCY
    : recurring[0]!.currency;
  const inCurrency = recurring.filter((plan) => plan.currency === currency);
  const paid = inCurrency.filter((plan) => plan.price > 0);
  const candidates = paid.length > 0 ? paid : inCurrency;
  let best = candidates[0]!;
  for (const plan of candidates.slice(1)) {
    const cheaper = perMonth(plan) - perMonth(best);
    if (cheaper < 0 || (cheaper === 0 && plan.unit === "per-user" && best.unit !== "per-user")) {
      best = plan;
    }
  }
  return {
    amount: perMonth(best),
    currency,
    unit: best.unit === "per-user" ? "user" : "flat",
    plan: best.name,
  };
}

/** The spec's pricing model, as the plans say it: all free, some free, or none free. */
export function pricingModelOf(
  plans: readonly PricingPlan[],
): (typeof PRICING_MODELS)[number] | null {
  if (plans.length === 0) return null;
  const free = plans.filter((plan) => plan.price === 0).length;
  if (free === plans.length) return "Free";
  return free > 0 ? "Freemium" : "Paid";
}

export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** "From $19 per user/month", "From $49/month", "Free". */
export function formatStartingPrice(price: StartingPrice): string {
  if (price.amount === 0) return "Free";
  const money = formatMoney(price.amount, price.currency);
  return price.unit === "user" ? `From ${money} per user/month` : `From ${money}/month`;
}

const PERIOD_TEXT: Record<PlanPeriod, string> = {
  month: "/month",
  year: "/year",
  "one-time": " one-time",
  usage: " per use",
};

/** A plan's price as its row shows it: "$19 per user/month", "$0.02 per use". */
export function formatPlanPrice(plan: PricingPlan): string {
  if (plan.price === 0) return "Free";
  const money = formatMoney(plan.price, plan.currency);
  const unit = plan.unit === "per-user" ? " per user" : "";
  return `${money}${unit}${PERIOD_TEXT[plan.period]}`;
}
