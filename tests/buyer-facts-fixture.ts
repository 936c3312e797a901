import type { ToolFacts } from "~/lib/buyer-facts";
import type { PricingPlan } from "~/lib/pricing-plans";

// A tool that knows every buyer fact, with provenance beyond an import's defaults (a quote, an
// evidence address, a SOC 2 report date, every source), and plans in two currencies.

/** Every fact known, with provenance beyond an import's defaults. */
export const ALL_FACTS: ToolFacts = {
  sso: {
    value: "yes",
    source: "vendor",
    evidenceUrl: "https://v.example/security",
    quote: "SAML SSO on Business.",
    checkedAt: "2026-11-30",
  },
  scim: { value: "no", source: "editor", evidenceUrl: null, quote: null, checkedAt: "2026-11-01" },
  mfa: { value: "yes", source: "import", evidenceUrl: null, quote: null, checkedAt: "2026-10-01" },
  "audit-log": {
    value: "yes",
    source: "demo",
    evidenceUrl: null,
    quote: null,
    checkedAt: "2026-09-01",
  },
  soc2: {
    value: "type2",
    source: "ai",
    evidenceUrl: "https://v.example/trust",
    quote: "We hold a SOC 2 Type II report.",
    checkedAt: "2026-11-29",
    reportDate: "2026-06-30",
  },
  iso27001: {
    value: "no",
    source: "vendor",
    evidenceUrl: "https://v.example/trust",
    quote: null,
    checkedAt: "2026-11-29",
  },
  hipaa: {
    value: "yes",
    source: "vendor",
    evidenceUrl: null,
    quote: "We sign BAAs.",
    checkedAt: "2026-11-29",
  },
  "gdpr-dpa": {
    value: "yes",
    source: "editor",
    evidenceUrl: "https://v.example/dpa",
    quote: null,
    checkedAt: "2026-11-28",
  },
  subprocessors: {
    value: "yes",
    source: "editor",
    evidenceUrl: "https://v.example/subprocessors",
    quote: null,
    checkedAt: "2026-11-28",
  },
  "data-regions": {
    value: ["eu", "us", "other"],
    source: "vendor",
    evidenceUrl: null,
    quote: null,
    checkedAt: "2026-11-27",
  },
  "no-training": {
    value: "opt-out",
    source: "vendor",
    evidenceUrl: "https://v.example/privacy",
    quote: "You can opt out of training.",
    checkedAt: "2026-11-27",
  },
  retention: {
    value: 'Deleted 30 days after the contract ends, "as stated", | included',
    source: "vendor",
    evidenceUrl: null,
    quote: null,
    checkedAt: "2026-11-27",
  },
  "self-hosted": {
    value: "no",
    source: "editor",
    evidenceUrl: null,
    quote: null,
    checkedAt: "2026-11-26",
  },
  "open-source": {
    value: "no",
    source: "import",
    evidenceUrl: null,
    quote: null,
    checkedAt: "2026-08-18",
  },
  api: { value: "yes", source: "import", evidenceUrl: null, quote: null, checkedAt: "2026-08-18" },
  integrations: {
    value: ["slack", "hubspot", "microsoft-teams"],
    source: "vendor",
    evidenceUrl: "https://v.example/integrations",
    quote: null,
    checkedAt: "2026-11-25",
  },
  platforms: {
    value: ["web", "chrome-extension", "ios"],
    source: "vendor",
    evidenceUrl: null,
    quote: null,
    checkedAt: "2026-11-25",
  },
  "free-plan": {
    value: "yes",
    source: "vendor",
    evidenceUrl: null,
    quote: null,
    checkedAt: "2026-11-24",
  },
  "free-trial": {
    value: 14,
    source: "vendor",
    evidenceUrl: null,
    quote: null,
    checkedAt: "2026-11-24",
  },
};

export const PLANS: PricingPlan[] = [
  { name: "Free", price: 0, currency: "USD", period: "month", unit: "per-user", note: null },
  {
    name: "Pro",
    price: 19.5,
    currency: "USD",
    period: "month",
    unit: "per-user",
    note: 'Billed monthly, "per seat"',
  },
  { name: "Business", price: 480, currency: "EUR", period: "year", unit: "flat", note: null },
];
