import { formatFactValue, type FactKey, type ToolFacts } from "./buyer-facts";

// How the tool page and the compare page group a tool's buyer facts. Each section lists every
// key, known or not, so a buyer sees what is unknown (decision 030: unknown is never "no").

export const SECURITY_FACT_KEYS = [
  "sso",
  "scim",
  "mfa",
  "audit-log",
  "soc2",
  "iso27001",
  "hipaa",
  "gdpr-dpa",
  "subprocessors",
  "data-regions",
  "no-training",
  "retention",
] as const satisfies readonly FactKey[];

export const INTEGRATION_FACT_KEYS = [
  "integrations",
  "platforms",
  "api",
  "self-hosted",
  "open-source",
] as const satisfies readonly FactKey[];

export const PRICING_FACT_KEYS = ["free-plan", "free-trial"] as const satisfies readonly FactKey[];

/** What a fact no source states reads as. */
export const UNKNOWN_FACT = "Unknown";

/** The fact's value as a reader sees it, "Unknown" when no source states it. */
export function factText(facts: ToolFacts, key: FactKey): string {
  const fact = facts[key];
  return fact ? formatFactValue(key, fact.value as never) : UNKNOWN_FACT;
}
