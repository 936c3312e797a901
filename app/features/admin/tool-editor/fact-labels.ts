import { FACTS, FACT_SOURCES, isFactKey, type FactGroup, type FactSource } from "~/lib/buyer-facts";

// What the editor calls the parts of a fact and a plan, so a refused save's summary names the
// field ("Single sign-on (SAML or OIDC), evidence URL: ...") as its input's label does.

export const FACT_GROUP_TITLES: Record<FactGroup, string> = {
  security: "Security",
  compliance: "Compliance",
  data: "Data handling",
  product: "Product",
  pricing: "Free use",
};

export const SOURCE_LABELS: Record<FactSource, string> = {
  vendor: "The vendor",
  editor: "An editor",
  ai: "AI draft (from a quoted page)",
  import: "An import",
  demo: "Demo data",
};

export const SOURCE_OPTIONS = FACT_SOURCES.map((source) => ({
  value: source,
  label: SOURCE_LABELS[source],
}));

export const FACT_PART_LABELS: Record<string, string> = {
  value: "value",
  source: "source",
  evidenceUrl: "evidence URL",
  quote: "quote",
  checkedAt: "checked date",
  reportDate: "report date",
};

const PLAN_PART_LABELS: Record<string, string> = {
  name: "name",
  price: "price",
  currency: "currency",
  period: "period",
  unit: "unit",
  note: "note",
};

/** "Single sign-on (SAML or OIDC), evidence URL" for `facts.sso.evidenceUrl`; null for others. */
export function factOrPlanFieldLabel(path: string): string | null {
  const [head, key, part] = path.split(".");
  if (head === "facts" && key && isFactKey(key)) {
    const label = FACTS[key].label;
    return part && FACT_PART_LABELS[part] ? `${label}, ${FACT_PART_LABELS[part]}` : label;
  }
  if (head === "plans" && key && /^\d+$/.test(key)) {
    const plan = `Plan ${Number(key) + 1}`;
    return part && PLAN_PART_LABELS[part] ? `${plan}, ${PLAN_PART_LABELS[part]}` : plan;
  }
  if (head === "facts") return "Buyer facts";
  if (head === "plans") return "Pricing plans";
  return null;
}
