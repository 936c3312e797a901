import { useRef } from "react";
import { EMPTY_PLAN, fromPlanFormValues, type PlanFormValue } from "~/lib/fact-form-values";
import {
  formatStartingPrice,
  PLAN_LIMITS,
  PLAN_PERIODS,
  PLAN_UNITS,
  startingPriceOf,
  type PricingPlan,
} from "~/lib/pricing-plans";
import { planSchema } from "~/lib/pricing-plan-schema";
import { EditorSection } from "./editor-section";
import { InputField, SelectField } from "./fields";
import type { ToolFormFields } from "./use-tool-form";

const PERIOD_OPTIONS = [
  { value: "", label: "Choose…" },
  ...PLAN_PERIODS.map((period) => ({
    value: period,
    label: { month: "Per month", year: "Per year", "one-time": "One-time", usage: "Per use" }[
      period
    ],
  })),
];

const UNIT_OPTIONS = PLAN_UNITS.map((unit) => ({
  value: unit,
  label: { "per-user": "Per user", flat: "Flat (whole team)", "per-usage": "Per usage unit" }[unit],
}));

/** The starting price the plans give, from those already valid. */
function startingPriceText(plans: readonly PlanFormValue[]): string {
  const valid = fromPlanFormValues(plans)
    .map((plan) => planSchema.safeParse(plan))
    .flatMap((parsed) => (parsed.success ? [parsed.data as PricingPlan] : []));
  if (plans.length === 0) return "No plans: the pricing model and price under Basics are shown.";
  const price = startingPriceOf(valid);
  return price
    ? `Starting price: ${formatStartingPrice(price)} (${price.plan}).`
    : "Starting price: none yet (it needs a valid monthly or yearly plan).";
}

/** The tool's pricing plans: add, change, reorder and remove; the starting price follows. */
export function PlansSection({ fields: { values, errors, update } }: { fields: ToolFormFields }) {
  const list = useRef<HTMLOListElement>(null);
  const plans = values.plans;
  const setPlans = (change: (plans: PlanFormValue[]) => PlanFormValue[]) =>
    update((current) => ({ ...current, plans: change(current.plans) }));
  const focusLater = (selector: string) =>
    requestAnimationFrame(() =>
      (
        list.current?.querySelector<HTMLElement>(selector) ?? document.getElementById("add-plan")
      )?.focus(),
    );
  const setPart = (index: number, part: keyof PlanFormValue) => (value: string) =>
    setPlans((current) =>
      current.map((plan, i) => (i === index ? { ...plan, [part]: value } : plan)),
    );
  const move = (from: number, to: number) => {
    setPlans((current) => {
      const next = [...current];
      const [plan] = next.splice(from, 1);
      next.splice(to, 0, plan!);
      return next;
    });
    focusLater(`[data-plan="${to}"] [data-action="${to < from ? "up" : "down"}"]:not(:disabled)`);
  };
  const remove = (index: number) => {
    setPlans((current) => current.filter((_, i) => i !== index));
    focusLater(`[data-plan="${Math.max(0, index - 1)}"] [data-action="remove"]`);
  };
  const add = () => {
    setPlans((current) => [...current, { ...EMPTY_PLAN }]);
    focusLater(`[data-plan="${plans.length}"] input`);
  };

  return (
    <EditorSection title="Pricing plans">
      <p className="text-sm font-medium text-slate-900" aria-live="polite">
        {startingPriceText(plans)}
      </p>
      {errors.plans && <p className="text-sm text-red-700">{errors.plans}</p>}
      {plans.length > 0 && (
        <ol ref={list} className="space-y-4">
          {plans.map((plan, index) => {
            const errorOf = (part: string) =>
              errors[`plans.${index}.${part}`] ??
              (part === "name" ? errors[`plans.${index}`] : undefined);
            const title = `Plan ${index + 1}${plan.name.trim() ? `: ${plan.name.trim()}` : ""}`;
            return (
              <li key={index} data-plan={index}>
                <fieldset className="min-w-0 rounded-xl border border-slate-200 p-3">
                  <legend className="px-1 text-sm font-semibold text-slate-900">{title}</legend>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <InputField
                      label="Plan name"
                      value={plan.name}
                      onValue={setPart(index, "name")}
                      error={errorOf("name")}
                      maxLength={PLAN_LIMITS.name}
                      placeholder="Pro"
                    />
                    <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
                      <InputField
                        label="Plan price"
                        inputMode="decimal"
                        value={plan.price}
                        onValue={setPart(index, "price")}
                        error={errorOf("price")}
                        placeholder="19"
                      />
                      <InputField
                        label="Currency"
                        value={plan.currency}
                        onValue={setPart(index, "currency")}
                        error={errorOf("currency")}
                        maxLength={3}
                        autoCapitalize="characters"
                      />
                    </div>
                    <SelectField
                      label="Period"
                      value={plan.period}
                      onValue={setPart(index, "period")}
                      options={PERIOD_OPTIONS}
                      error={errorOf("period")}
                    />
                    <SelectField
                      label="Unit"
                      value={plan.unit}
                      onValue={setPart(index, "unit")}
                      options={UNIT_OPTIONS}
                      error={errorOf("unit")}
                    />
                    <InputField
                      label="Plan note"
                      className="sm:col-span-2"
                      value={plan.note}
                      onValue={setPart(index, "note")}
                      error={errorOf("note")}
                      maxLength={PLAN_LIMITS.note}
                      placeholder="Billed yearly; up to 10 users"
                    />
                  </div>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <PlanButton
                      action="up"
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      Move up<span className="sr-only"> {title}</span>
                    </PlanButton>
                    <PlanButton
                      action="down"
                      disabled={index === plans.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      Move down<span className="sr-only"> {title}</span>
                    </PlanButton>
                    <PlanButton action="remove" onClick={() => remove(index)}>
                      Remove<span className="sr-only"> {title}</span>
                    </PlanButton>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <button
        id="add-plan"
        type="button"
        onClick={add}
        disabled={plans.length >= PLAN_LIMITS.plans}
        className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50"
      >
        {plans.length >= PLAN_LIMITS.plans ? `At most ${PLAN_LIMITS.plans} plans` : "Add a plan"}
      </button>
    </EditorSection>
  );
}

function PlanButton({
  action,
  children,
  ...button
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { action: string }) {
  return (
    <button
      type="button"
      data-action={action}
      className="min-h-10 rounded-lg border border-slate-300 px-3 text-sm text-slate-800 hover:bg-slate-50 disabled:opacity-40"
      {...button}
    >
      {children}
    </button>
  );
}
