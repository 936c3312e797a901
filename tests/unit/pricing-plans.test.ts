import { describe, expect, it } from "vitest";
import {
  formatPlanPrice,
  formatStartingPrice,
  pricingModelOf,
  startingPriceOf,
  type PricingPlan,
} from "~/lib/pricing-plans";
import { planSchema, plansSchema } from "~/lib/pricing-plan-schema";

const plan = (overrides: Partial<PricingPlan>): PricingPlan => ({
  name: "Pro",
  price: 19,
  currency: "USD",
  period: "month",
  unit: "per-user",
  note: null,
  ...overrides,
});

describe("the starting price", () => {
  it("is the cheapest paid plan per month, yearly prices divided by 12", () => {
    const plans = [
      plan({ name: "Free", price: 0, unit: "flat" }),
      plan({ name: "Pro", price: 19 }),
      plan({ name: "Pro yearly", price: 180, period: "year" }),
    ];
    expect(startingPriceOf(plans)).toEqual({
      amount: 15,
      currency: "USD",
      unit: "user",
      plan: "Pro yearly",
    });
    expect(formatStartingPrice(startingPriceOf(plans)!)).toBe("From $15 per user/month");
  });

  it("states a flat price as flat", () => {
    const price = startingPriceOf([
      plan({ name: "Team", price: 490, period: "year", unit: "flat" }),
    ]);
    expect(price).toEqual({ amount: 40.83, currency: "USD", unit: "flat", plan: "Team" });
    expect(formatStartingPrice(price!)).toBe("From $40.83/month");
  });

  it("is free when every recurring plan is, and unknown without a monthly or yearly plan", () => {
    expect(startingPriceOf([plan({ price: 0 })])?.amount).toBe(0);
    expect(startingPriceOf([plan({ period: "usage", unit: "per-usage", price: 0.02 })])).toBeNull();
    expect(startingPriceOf([plan({ period: "one-time", price: 99 })])).toBeNull();
    expect(startingPriceOf([])).toBeNull();
  });

  it("prefers the page's currency, and never compares across currencies", () => {
    expect(
      startingPriceOf([plan({ price: 5, currency: "EUR" }), plan({ price: 12, currency: "USD" })]),
    ).toMatchObject({ amount: 12, currency: "USD" });
    expect(startingPriceOf([plan({ price: 5, currency: "EUR" })])).toMatchObject({
      amount: 5,
      currency: "EUR",
    });
  });
});

describe("plans as written", () => {
  it("derive the spec's pricing model", () => {
    expect(pricingModelOf([])).toBeNull();
    expect(pricingModelOf([plan({ price: 0 })])).toBe("Free");
    expect(pricingModelOf([plan({ price: 0 }), plan({})])).toBe("Freemium");
    expect(pricingModelOf([plan({})])).toBe("Paid");
  });

  it("read a price written as text, and name what is wrong", () => {
    expect(planSchema.parse({ name: "Pro", price: "19.999", period: "month" })).toEqual({
      name: "Pro",
      price: 20,
      currency: "USD",
      period: "month",
      unit: "flat",
      note: null,
    });
    const messages = (input: unknown) =>
      plansSchema
        .safeParse(input)
        .error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(messages([{ name: "Pro", price: "nineteen", period: "month" }])).toEqual([
      "0.price: The price must be a number.",
    ]);
    expect(messages([{ name: "Pro", price: 19 }])).toEqual([
      "0.period: Choose the plan's period: month, year, one-time, usage.",
    ]);
    expect(messages([{ name: "Pro", price: -1, period: "month", currency: "dollars" }])).toEqual([
      "0.price: The price cannot be negative.",
      "0.currency: The currency must be a three-letter code (USD).",
    ]);
  });

  it("show a plan's price with its unit and period", () => {
    expect(formatPlanPrice(plan({}))).toBe("$19 per user/month");
    expect(formatPlanPrice(plan({ price: 0.02, period: "usage", unit: "per-usage" }))).toBe(
      "$0.02 per use",
    );
    expect(formatPlanPrice(plan({ price: 0 }))).toBe("Free");
    expect(
      formatPlanPrice(plan({ price: 490, period: "year", unit: "flat", currency: "EUR" })),
    ).toBe("€490/year");
  });
});
