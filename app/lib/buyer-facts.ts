import { INTEGRATIONS, type IntegrationKey } from "./integrations";

// The facts a business buyer decides on, each with where it came from and when it was last
// confirmed (decision 030). A fact that no source states is unknown: it is absent, never "no".
// No zod here: pages show facts up front (decision 006); the schema is buyer-fact-schema.ts.

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

export type FactKind =
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

interface ValueOfKindMap {
  "yes-no": "yes" | "no";
  soc2: (typeof SOC2_LEVELS)[number];
  regions: DataRegion[];
  training: (typeof TRAINING_ANSWERS)[number];
  text: string;
  integrations: IntegrationKey[];
  platforms: Platform[];
  /** The trial's length in days, or "no". */
  trial: number | "no";
}

export type ValueOfKind<K extends FactKind> = ValueOfKindMap[K];
export type FactValue<K extends FactKey> = ValueOfKind<(typeof FACTS)[K]["kind"]>;

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

export type ToolFacts = { [K in FactKey]?: Fact<FactValue<K>> };

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
