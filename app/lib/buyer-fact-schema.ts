import { z } from "zod";
import {
  DATA_REGIONS,
  FACT_KEYS,
  FACT_LIMITS,
  FACT_SOURCES,
  FACTS,
  PLATFORMS,
  SOC2_LEVELS,
  TRAINING_ANSWERS,
  type Fact,
  type FactKey,
  type FactKind,
  type FactValue,
  type ToolFacts,
  type ValueOfKind,
} from "./buyer-facts";
import { isIntegrationKey, type IntegrationKey } from "./integrations";
import { plainText } from "./plain-text";

// The one schema every writer of a tool's buyer facts goes through (decision 030): unknown facts
// are left out, an unknown key is refused, and a drafted fact needs its quote and page.

const YES_NO = ["yes", "no"] as const;

function listOf<const T extends readonly string[]>(allowed: T, label: string) {
  return z
    .array(z.enum(allowed, { error: `${label} must be one of: ${allowed.join(", ")}.` }), {
      error: `${label} must be a list.`,
    })
    .min(1, `${label} needs at least one value (leave the fact out when unknown).`)
    .transform((items) => [...new Set(items)]);
}

const integrationList = z
  .array(z.string({ error: "Each integration must be text." }), {
    error: "Integrations must be a list.",
  })
  .min(1, "Integrations need at least one app (leave the fact out when unknown).")
  .superRefine((items, context) => {
    for (const item of items) {
      if (!isIntegrationKey(item)) {
        context.addIssue({ code: "custom", message: `"${item}" is not a known integration.` });
      }
    }
  })
  .transform((items) => [...new Set(items)] as IntegrationKey[]);

const VALUE_SCHEMAS = {
  "yes-no": z.enum(YES_NO, { error: "Choose yes or no." }),
  soc2: z.enum(SOC2_LEVELS, { error: "Choose none, type1 or type2." }),
  regions: listOf(DATA_REGIONS, "Each region"),
  training: z.enum(TRAINING_ANSWERS, { error: "Choose yes, opt-out or no." }),
  text: z
    .string({ error: "Enter text." })
    .trim()
    .min(1, "Enter text (leave the fact out when unknown).")
    .max(FACT_LIMITS.retention, `At most ${FACT_LIMITS.retention} characters.`)
    .check(plainText("The text")),
  integrations: integrationList,
  platforms: listOf(PLATFORMS, "Each platform"),
  trial: z.union([
    z.literal("no"),
    z.coerce
      .number({ error: "Enter the trial's length in days, or no." })
      .int("Enter whole days.")
      .min(1, "A trial lasts at least 1 day.")
      .max(365, "A trial lasts at most 365 days."),
  ]),
} satisfies { [K in FactKind]: z.ZodType<ValueOfKind<K>, unknown> };

/** A real calendar day written as YYYY-MM-DD. */
function isDay(text: string): boolean {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : NaN;
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
}

const dayField = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD).` })
    .refine(isDay, `${label} must be a date (YYYY-MM-DD).`);

const evidenceUrl = z
  .string({ error: "The evidence must be a web address." })
  .trim()
  .max(
    FACT_LIMITS.evidenceUrl,
    `The evidence address can be at most ${FACT_LIMITS.evidenceUrl} characters.`,
  )
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  }, "The evidence must be a web address that starts with http:// or https://.");

function factSchema<K extends FactKey>(key: K) {
  const kind = FACTS[key].kind;
  return z
    .object(
      {
        value: VALUE_SCHEMAS[kind],
        source: z.enum(FACT_SOURCES, {
          error: `The source must be one of: ${FACT_SOURCES.join(", ")}.`,
        }),
        evidenceUrl: evidenceUrl.nullable().default(null),
        quote: z
          .string({ error: "The quote must be text." })
          .trim()
          .max(FACT_LIMITS.quote, `The quote can be at most ${FACT_LIMITS.quote} characters.`)
          .check(plainText("The quote"))
          .transform((quote) => quote || null)
          .nullable()
          .default(null),
        checkedAt: dayField("The checked date"),
        reportDate:
          kind === "soc2"
            ? dayField("The report date").nullable().optional()
            : z.undefined({ error: "Only the SOC 2 fact has a report date." }).optional(),
      },
      { error: "A fact must be an object with a value, a source and a checked date." },
    )
    .refine((fact) => fact.source !== "ai" || (fact.quote !== null && fact.evidenceUrl !== null), {
      message: "A drafted fact needs the quote and the page it came from.",
      path: ["quote"],
    }) as unknown as z.ZodType<Fact<FactValue<K>>, unknown>;
}

/** A value that says nothing: the fact is unknown, so it is left out. */
function isUnknown(fact: unknown): boolean {
  if (fact === null || fact === undefined || fact === "unknown") return true;
  if (typeof fact !== "object") return false;
  const value = (fact as { value?: unknown }).value;
  return value === null || value === undefined || value === "unknown";
}

const factShape = Object.fromEntries(
  FACT_KEYS.map((key) => [
    key,
    z.preprocess((fact) => (isUnknown(fact) ? undefined : fact), factSchema(key).optional()),
  ]),
);

/** A tool's facts as an admin, an import or the API writes them (unknown facts left out). */
export const toolFactsSchema = z
  .strictObject(factShape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown fact ${issue.keys.map((key) => `"${key}"`).join(", ")}: the facts are ${FACT_KEYS.join(", ")}.`
        : "The facts must be an object keyed by fact.",
  })
  .transform(
    (facts) =>
      Object.fromEntries(
        Object.entries(facts).filter(([, fact]) => fact !== undefined),
      ) as ToolFacts,
  );
