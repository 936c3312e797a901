import type { DraftedPlan } from "~/lib/ai-draft";
import { PLAN_LIMITS, type PlanPeriod, type PlanUnit } from "~/lib/pricing-plans";
import { checkClaimedPlans, type ClaimedPlan, numberOf } from "./check-buyer-facts.server";
import type { SourcePage } from "./draft-types.server";

// Plans from the words of a pricing page, without a model: plan cards and table rows (a short
// heading or name, then a line that starts with the price: "Pro", "$19 per user / month",
// "Billed annually") and one-line plans ("Team $29 per user per month ..."). A price with no period ("Contact us", "Custom") is
// no plan; every plan passes the same check as a model's.

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d{1,6}(?:[.,]\d{1,2})?`;
const PRICE = new RegExp(
  String.raw`(?:from\s+)?(?:([$€£])\s?(${NUMBER})|(${NUMBER})\s?(USD|EUR|GBP|€)|\b(free)\b)`,
  "i",
);
const STARTS_WITH_PRICE = new RegExp(`^${PRICE.source}`, "i");
const CURRENCIES: Record<string, string> = { $: "USD", "€": "EUR", "£": "GBP" };
const PLAN_NAME_WORD = /^[A-Z0-9][\w+&.'-]*$/;
const ROW = new RegExp(`^(.{1,40}?) (${PRICE.source}.*)$`, "i");

interface ReadPrice {
  price: number;
  currency: string;
  period: PlanPeriod;
  unit: PlanUnit;
  note: string | null;
}

function periodOf(rest: string): { period: PlanPeriod; unit?: PlanUnit; note?: string } | null {
  const usage =
    /\bper (\d[\d,]* )?(requests?|tokens?|credits?|minutes?|calls?|messages?|images?|hours?|pages?|runs?)\b/i.exec(
      rest,
    );
  if (usage) return { period: "usage", unit: "per-usage", note: usage[0] };
  if (/(\/|\bper|\ba)\s*(month|mo)\b|\bmonthly\b/i.test(rest)) return { period: "month" };
  if (/(\/|\bper|\ba)\s*(year|yr|annum)\b|\b(billed )?(annually|yearly)\b/i.test(rest)) {
    return { period: "year" };
  }
  if (/\bone[- ]time\b|\blifetime\b|\bonce\b/i.test(rest)) return { period: "one-time" };
  return null;
}

/** The first price of a plan's words with its period and unit, or null when it states none. */
function readPrice(words: string): ReadPrice | null {
  const match = PRICE.exec(words);
  if (!match) return null;
  const rest = words.slice(match.index + match[0].length, match.index + match[0].length + 60);
  const isFree = match[5] !== undefined;
  const amount = isFree ? 0 : numberOf(match[2] ?? match[3]!);
  const currency = isFree ? "USD" : (CURRENCIES[match[1] ?? match[4]!] ?? match[4]!.toUpperCase());
  const perUser =
    /^\s*(\/|per|a)?\s*(user|seat|member|editor|person)s?\b|\bper (user|seat|member)\b/i.test(rest);
  const billedYearly = /billed (annually|yearly)/i.test(words);
  let timing = periodOf(rest);
  if (timing?.period === "year" && billedYearly && /\b(month|mo)\b/i.test(rest)) timing = null;
  if (!timing && amount === 0) timing = { period: "month" };
  if (!timing) return null;
  return {
    price: amount,
    currency: currency === "€" ? "EUR" : currency,
    period: timing.period,
    unit: timing.unit ?? (perUser ? "per-user" : "flat"),
    note:
      timing.note ??
      (billedYearly && timing.period === "month" && amount > 0 ? "Billed annually" : null),
  };
}

function isPlanName(text: string): boolean {
  const words = text.split(" ");
  return text.length <= 40 && words.length <= 3 && words.every((word) => PLAN_NAME_WORD.test(word));
}

function plansOnPage(page: SourcePage): ClaimedPlan[] {
  const lines = page.facts.text.split("\n");
  const headings = new Set(page.facts.headings.map((heading) => heading.text));
  const claims: ClaimedPlan[] = [];
  const add = (name: string, words: string, quote: string) => {
    const price = readPrice(words);
    if (price) claims.push({ name, ...price, quote, url: page.url });
  };
  // Where the next plan starts: a heading, or a name's own line (a table's first cell).
  const startsPlan = (line: string) =>
    headings.has(line) || (isPlanName(line) && !STARTS_WITH_PRICE.test(line));
  lines.forEach((line, index) => {
    if (headings.has(line) || isPlanName(line)) {
      // A heading that is itself a price ("$19") is no plan's name; "Free" may be.
      if (line.length > 40 || /[$€£]\s?\d|\d\s?(USD|EUR|GBP|€)/i.test(line)) return;
      const block: string[] = [];
      for (const next of lines.slice(index + 1, index + 5)) {
        if (startsPlan(next)) break;
        block.push(next);
      }
      const priceAt = block.findIndex((next) => STARTS_WITH_PRICE.test(next));
      if (priceAt < 0 || priceAt > 1) return;
      const words = block.slice(priceAt).join(" ");
      // The quote ends with the price's line, or the next one when that says the period.
      const quoteEnd = readPrice(block[priceAt]!) ? priceAt + 1 : priceAt + 2;
      add(line, words, [line, ...block.slice(0, quoteEnd)].join(" "));
      return;
    }
    const row = ROW.exec(line);
    if (row && isPlanName(row[1]!)) add(row[1]!, row[2]!, line);
  });
  return claims;
}

/** The plans of the first page that lists any: the pricing page, else the page itself. */
export function readPricingPlans(pages: readonly SourcePage[]): DraftedPlan[] {
  const ordered = [
    ...pages.filter((page) => page.topic === "pricing"),
    ...pages.filter((page) => page.topic === "home"),
  ];
  for (const page of ordered) {
    const plans = checkClaimedPlans(plansOnPage(page), [page]);
    if (plans.length > 0) return plans.slice(0, PLAN_LIMITS.plans);
  }
  return [];
}
