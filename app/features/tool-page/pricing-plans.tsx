import type { ToolFacts } from "~/lib/buyer-facts";
import { PRICING_FACT_KEYS, UNKNOWN_FACT } from "~/lib/fact-sections";
import {
  formatPlanPrice,
  formatStartingPrice,
  type PlanPeriod,
  type PlanUnit,
  type PricingPlan,
  type StartingPrice,
} from "~/lib/pricing-plans";
import { FactList } from "./fact-list";

const PERIOD_WORDS: Record<PlanPeriod, string> = {
  month: "Monthly",
  year: "Yearly",
  "one-time": "One-time",
  usage: "By usage",
};

const UNIT_WORDS: Record<PlanUnit, string> = {
  "per-user": "per user",
  flat: "flat",
  "per-usage": "per use",
};

function PlansTable({ toolName, plans }: { toolName: string; plans: readonly PricingPlan[] }) {
  // The price says its unit and period; the Billed column spells them out where there is room.
  return (
    <table className="mt-4 w-full text-left text-sm [&_td]:py-2.5 [&_td]:pr-3 [&_td]:align-top [&_th]:py-2 [&_th]:pr-3">
      <caption className="sr-only">Pricing plans of {toolName}</caption>
      <thead className="border-b border-slate-300 text-slate-700">
        <tr>
          <th scope="col">Plan</th>
          <th scope="col">Price</th>
          <th scope="col" className="hidden sm:table-cell">
            Billed
          </th>
          <th scope="col">Note</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200 text-slate-950">
        {plans.map((plan, index) => (
          <tr key={index}>
            <th scope="row" className="font-semibold">
              {plan.name}
            </th>
            <td className="whitespace-nowrap">{formatPlanPrice(plan)}</td>
            <td className="hidden sm:table-cell">
              {plan.period === "usage" || plan.period === "one-time"
                ? PERIOD_WORDS[plan.period]
                : `${PERIOD_WORDS[plan.period]}, ${UNIT_WORDS[plan.unit]}`}
            </td>
            <td className="text-slate-700">{plan.note}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface PricingPlansProps {
  toolName: string;
  plans: readonly PricingPlan[];
  startingPrice: StartingPrice | null;
  facts: ToolFacts;
  toolWebsite: string | null;
}

/** The plans in a table, the starting price a buyer compares, and the free plan and trial facts. */
export function PricingPlans({
  toolName,
  plans,
  startingPrice,
  facts,
  toolWebsite,
}: PricingPlansProps) {
  return (
    <>
      <p className="mt-2 text-slate-700">
        Starting price:{" "}
        {startingPrice ? (
          <strong className="text-slate-950">
            {formatStartingPrice(startingPrice)} ({startingPrice.plan})
          </strong>
        ) : (
          <span className="text-slate-600">{UNKNOWN_FACT}</span>
        )}
      </p>
      {plans.length > 0 ? (
        <PlansTable toolName={toolName} plans={plans} />
      ) : (
        <p className="mt-2 text-slate-600">No plans are listed for {toolName} yet.</p>
      )}
      <FactList facts={facts} keys={PRICING_FACT_KEYS} toolWebsite={toolWebsite} />
    </>
  );
}
