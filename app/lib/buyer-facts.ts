import { z } from "zod";
import { INTEGRATIONS, isIntegrationKey, type IntegrationKey } from "./integrations";
import { plainText } from "./plain-text";

// The facts a business buyer decides on, each with where it came from and when it was last
// confirmed (decision 030). A fact that no source states is unknown: it is absent, never "no".

export const FACT_SOURCES = ["vendor", "editor", "ai", "import", "demo"] as const;
export type FactSource = (typeof FACT_SOURCES)[number];

export const DATA_REGIONS = ["eu", "us", "uk", "ca", "au", "other"] as const;
export type DataRegion = (typeof DATA_REGIONS)[number];

export const PLATFORMS = [
  "web",
  "windows",
  "macos",
  "linux",
  "ios",
  "android",
  "chrome-extension",
  "api",
] as const;
export type Platform = (typeof PLATFORMS)[number];

export const SOC2_LEVELS = ["none", "type1", "type2"] as const;
/** "opt-out": customer data may be used to train models unless the customer opts out. */
export const TRAINING_ANSWERS = ["yes", "opt-out", "no"] as const;

type FactKind =
  "yes-no" | "soc2" | "regions" | "training" | "text" | "integrations" | "platforms" | "trial";

export type FactGroup = "security" | "compliance" | "data" | "product" | "pricing";

interface FactDefinition {
  kind: FactKind;
  label: string;
  group: FactGroup;
}

/** The vocabulary, by key: the keys are used in URLs, the API, import and export. */
export const FACTS = {
  sso: { kind: "yes-no", label: "Single sign-on (SAML or OIDC)", group: "security" },
  scim: { kind: "yes-no", label: "SCIM user provisioning", group: "security" },
  mfa: { kind: "yes-no", label: "Multi-factor authentication", group: "security" },
  "audit-log": { kind: "yes-no", label: "Audit log", group: "security" },
  soc2: { kind: "soc2", label: "SOC 2 report", group: "compliance" },
  iso27001: { kind: "yes-no", label: "ISO 27001 certified", group: "compliance" },
  hipaa: { kind: "yes-no", label: "HIPAA (signs a BAA)", group: "compliance" },
  "gdpr-dpa": { kind: "yes-no", label: "GDPR data processing agreement", group: "compliance" },
  subprocessors: { kind: "yes-no", label: "Public list of subprocessors", group: "compliance" },
  "data-regions": { kind: "regions", label: "Data hosting regions", group: "data" },
  "no-training": {
    kind: "training",
    label: "Customer data kept out of model training",
    group: "data",
  },
  retention: { kind: "text", label: "Data retention", group: "data" },
  "self-hosted": { kind: "yes-no", label: "Self-hosting available", group: "product" },
  "open-source": { kind: "yes-no", label: "Open source", group: "product" },
  api: { kind: "yes-no", label: "Public API", group: "product" },
  integrations: { kind: "integrations", label: "Integrations", group: "product" },
  platforms: { kind: "platforms", label: "Platforms", group: "product" },
  "free-plan": { kind: "yes-no", label: "Free plan", group: "pricing" },
  "free-trial": { kind: "trial", label: "Free trial", group: "pricing" },
} as const satisfies Record<string, FactDefinition>;

export type FactKey = keyof typeof FACTS;
export const FACT_KEYS = Object.keys(FACTS) as FactKey[];

export function isFactKey(key: string): key is FactKey {
  return Object.hasOwn(FACTS, key);
}

export const REGION_LABELS: Record<DataRegion, string> = {
  eu: "EU",
  us: "US",
  uk: "UK",
  ca: "Canada",
  au: "Australia",
  other: "Other regions",
};

export const PLATFORM_LABELS: Record<Platform, string> = {
  web: "Web",
  windows: "Windows",
  macos: "macOS",
  linux: "Linux",
  ios: "iOS",
  android: "Android",
  "chrome-extension": "Chrome extension",
  api: "API",
};

export const FACT_LIMITS = { quote: 500, retention: 300, evidenceUrl: 2_000 } as const;

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
} satisfies Record<FactKind, z.ZodType>;

type ValueOfKind<K extends FactKind> = z.output<(typeof VALUE_SCHEMAS)[K]>;
export type FactValue<K extends FactKey> = ValueOfKind<(typeof FACTS)[K]["kind"]>;

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

/** One fact of a tool: its value and where it came from. */
export interface Fact<V> {
  value: V;
  source: FactSource;
  evidenceUrl: string | null;
  /** The sentence of the evidence page that states it, when it came from a page. */
  quote: string | null;
  /** The day the fact was last confirmed (YYYY-MM-DD). */
  checkedAt: string;
  /** SOC 2 only: the date of the report, when stated. */
  reportDate?: string | null;
}

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

export type ToolFacts = { [K in FactKey]?: Fact<FactValue<K>> };

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

// Requirements: what `?require=` and a shortlist's must-haves name. Each reads one fact and
// says whether a tool meets it, fails it (a source says otherwise) or leaves it unknown.

export type Fit = "meets" | "fails" | "unknown";

interface RequirementDefinition {
  label: string;
  fact: FactKey;
  meets: (value: never) => boolean;
}

const yes = (fact: FactKey, label: string) =>
  ({ label, fact, meets: (value: string) => value === "yes" }) as const;
const region = (code: DataRegion) =>
  ({
    label: `${REGION_LABELS[code]} data hosting`,
    fact: "data-regions",
    meets: (value: readonly DataRegion[]) => value.includes(code),
  }) as const;

export const REQUIREMENTS = {
  sso: yes("sso", "SSO"),
  scim: yes("scim", "SCIM"),
  mfa: yes("mfa", "MFA"),
  "audit-log": yes("audit-log", "Audit log"),
  soc2: {
    label: "SOC 2",
    fact: "soc2",
    meets: (value: string) => value === "type1" || value === "type2",
  },
  "soc2-type2": {
    label: "SOC 2 Type II",
    fact: "soc2",
    meets: (value: string) => value === "type2",
  },
  iso27001: yes("iso27001", "ISO 27001"),
  hipaa: yes("hipaa", "HIPAA"),
  "gdpr-dpa": yes("gdpr-dpa", "GDPR DPA"),
  subprocessors: yes("subprocessors", "Public subprocessors"),
  "eu-data": region("eu"),
  "us-data": region("us"),
  "uk-data": region("uk"),
  "no-training": {
    label: "No training on your data",
    fact: "no-training",
    // An opt-out keeps the data out as surely; the tool page says which it is.
    meets: (value: string) => value === "yes" || value === "opt-out",
  },
  "self-hosted": yes("self-hosted", "Self-hosted"),
  "open-source": yes("open-source", "Open source"),
  api: yes("api", "API"),
  "free-plan": yes("free-plan", "Free plan"),
  "free-trial": {
    label: "Free trial",
    fact: "free-trial",
    meets: (value: number | "no") => value !== "no",
  },
} as const satisfies Record<string, RequirementDefinition>;

export type RequirementKey = keyof typeof REQUIREMENTS;
export const REQUIREMENT_KEYS = Object.keys(REQUIREMENTS) as RequirementKey[];

export function isRequirementKey(key: string): key is RequirementKey {
  return Object.hasOwn(REQUIREMENTS, key);
}

/** Whether the facts meet a requirement, fail it, or leave it unknown. */
export function fitOf(facts: ToolFacts, requirement: RequirementKey): Fit {
  const definition: RequirementDefinition = REQUIREMENTS[requirement];
  const fact = facts[definition.fact];
  if (!fact) return "unknown";
  return definition.meets(fact.value as never) ? "meets" : "fails";
}

/** Every requirement the facts meet, in the vocabulary's order. */
export function metRequirements(facts: ToolFacts): RequirementKey[] {
  return REQUIREMENT_KEYS.filter((key) => fitOf(facts, key) === "meets");
}

/** The fact's value as a reader sees it ("Type II", "EU, US", "14 days"). */
export function formatFactValue<K extends FactKey>(key: K, value: FactValue<K>): string {
  const kind: FactKind = FACTS[key].kind;
  switch (kind) {
    case "yes-no":
      return value === "yes" ? "Yes" : "No";
    case "soc2":
      return value === "type2" ? "Type II" : value === "type1" ? "Type I" : "No report";
    case "training":
      return value === "yes" ? "Not used" : value === "opt-out" ? "Opt-out available" : "Used";
    case "regions":
      return (value as DataRegion[]).map((code) => REGION_LABELS[code]).join(", ");
    case "platforms":
      return (value as Platform[]).map((code) => PLATFORM_LABELS[code]).join(", ");
    case "integrations":
      return (value as IntegrationKey[]).map((code) => INTEGRATIONS[code]).join(", ");
    case "trial":
      return value === "no" ? "No" : `${value as number} days`;
    case "text":
      return value as string;
  }
}
