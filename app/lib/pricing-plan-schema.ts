import { z } from "zod";
import { plainText } from "./plain-text";
import {
  PAGE_CURRENCY,
  PLAN_LIMITS,
  PLAN_PERIODS,
  PLAN_UNITS,
  type PricingPlan,
} from "./pricing-plans";

// The one schema every writer of a tool's plans goes through (decision 030).

export const planSchema = z.object(
  {
    name: z
      .string({ error: "Enter the plan's name." })
      .trim()
      .min(1, "Enter the plan's name.")
      .max(PLAN_LIMITS.name, `A plan's name can be at most ${PLAN_LIMITS.name} characters.`)
      .check(plainText("The plan's name")),
    price: z.preprocess(
      (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
      z
        .number({ error: "The price must be a number." })
        .refine(Number.isFinite, "The price must be a number.")
        .min(0, "The price cannot be negative.")
        .max(
          PLAN_LIMITS.price,
          `The price can be at most ${PLAN_LIMITS.price.toLocaleString("en-US")}.`,
        )
        .transform((price) => Math.round(price * 100) / 100),
    ),
    currency: z
      .string({ error: "The currency must be a three-letter code (USD)." })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, "The currency must be a three-letter code (USD).")
      .default(PAGE_CURRENCY),
    period: z.enum(PLAN_PERIODS, {
      error: `Choose the plan's period: ${PLAN_PERIODS.join(", ")}.`,
    }),
    unit: z
      .enum(PLAN_UNITS, { error: `Choose the plan's unit: ${PLAN_UNITS.join(", ")}.` })
      .default("flat"),
    note: z
      .string({ error: "The note must be text." })
      .trim()
      .max(PLAN_LIMITS.note, `A plan's note can be at most ${PLAN_LIMITS.note} characters.`)
      .check(plainText("The plan's note"))
      .transform((note) => note || null)
      .nullable()
      .default(null),
  },
  { error: "A plan must be an object with a name, a price and a period." },
) satisfies z.ZodType<PricingPlan, unknown>;

export const plansSchema = z
  .array(planSchema, { error: "The plans must be a list." })
  .max(PLAN_LIMITS.plans, `At most ${PLAN_LIMITS.plans} plans.`);
