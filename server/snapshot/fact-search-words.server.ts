import type { RequirementKey } from "~/lib/buyer-facts";
import { INTEGRATIONS } from "~/lib/integrations";
import type { ToolCard } from "~/lib/tool";

// What a buyer types for a fact the tool's facts say yes to ("soc 2", "saml", "hubspot"). Only
// met requirements are searched: a fact that says no, or no fact at all, finds nothing
// (decision 030: unknown is never no, and no is never found as yes).

const REQUIREMENT_WORDS: Record<RequirementKey, string> = {
  sso: "SSO single sign-on SAML OIDC",
  scim: "SCIM user provisioning",
  mfa: "MFA multi-factor authentication 2FA",
  "audit-log": "audit log",
  soc2: "SOC 2 SOC2",
  "soc2-type2": "SOC 2 Type II Type 2",
  iso27001: "ISO 27001 ISO27001",
  hipaa: "HIPAA BAA",
  "gdpr-dpa": "GDPR DPA data processing agreement",
  subprocessors: "subprocessors",
  "eu-data": "EU data hosting",
  "us-data": "US data hosting",
  "uk-data": "UK data hosting",
  "no-training": "no training on customer data",
  "self-hosted": "self-hosted on-premise",
  "open-source": "open source",
  api: "API",
  "free-plan": "free plan",
  "free-trial": "free trial",
};

/** The searched phrases of a tool's met requirements and integrations (names and keys). */
export function factSearchPhrases(tool: Pick<ToolCard, "meets" | "integrations">): string[] {
  return [
    ...tool.meets.map((key) => REQUIREMENT_WORDS[key]),
    ...tool.integrations.map((key) => `${INTEGRATIONS[key]} ${key.replace(/-/g, " ")}`),
  ];
}
