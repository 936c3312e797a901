import { describe, expect, it } from "vitest";
import { FACT_KEYS } from "~/lib/buyer-facts";
import { EMPTY_PLAN, toFactFormValues, withChangedValue } from "~/lib/fact-form-values";
import { fieldErrorsOf } from "~/lib/field-errors";
import {
  EMPTY_TOOL_INPUT,
  fromFormValues,
  toFormValues,
  toolInputSchema,
  type ToolFormValues,
} from "~/lib/tool-input";
import { ALL_FACTS, PLANS } from "../buyer-facts-fixture";

// The editor's shape of facts and plans: what it loads it saves back unchanged, a changed value
// becomes the editor's fact checked today, and a refused save names the input's own path.

const TODAY = "2026-12-02";
const formOf = () =>
  toFormValues({ ...EMPTY_TOOL_INPUT, name: "Factful", facts: ALL_FACTS, plans: PLANS });
const errorsOf = (values: ToolFormValues) => {
  const parsed = toolInputSchema.safeParse(fromFormValues(values));
  if (parsed.success) throw new Error("The values were accepted.");
  return fieldErrorsOf(parsed.error);
};

describe("the editor's facts and plans", () => {
  it("saves back every fact key with its provenance, and the plans, as loaded", () => {
    const saved = toolInputSchema.parse(fromFormValues(formOf()));
    expect(saved.facts).toEqual(ALL_FACTS);
    expect(Object.keys(saved.facts).sort()).toEqual([...FACT_KEYS].sort());
    expect(saved.plans).toEqual(PLANS);
  });

  it("leaves unknown facts out: unknown choices, empty text and empty lists", () => {
    const values = toFormValues({ ...EMPTY_TOOL_INPUT, name: "Blank" });
    expect(values.facts.sso.value).toBe("unknown");
    expect(values.facts.retention.value).toBe("");
    expect(values.facts["data-regions"].list).toEqual([]);
    expect(toolInputSchema.parse(fromFormValues(values)).facts).toEqual({});
  });

  it("makes a changed value the editor's, checked today, and a value changed back the stored fact", () => {
    const stored = toFactFormValues(ALL_FACTS).sso;
    const changed = withChangedValue(stored, { value: "no" }, stored, TODAY);
    expect(changed).toMatchObject({ value: "no", source: "editor", checkedAt: TODAY });
    expect(changed.evidenceUrl).toBe("https://v.example/security");
    expect(withChangedValue(changed, { value: "yes" }, stored, TODAY)).toEqual(stored);
  });

  it("keeps a source or date the admin chose when the value then changes", () => {
    const stored = toFactFormValues({}).sso;
    const chosen = { ...stored, source: "vendor" as const, checkedAt: "2026-11-01" };
    expect(withChangedValue(chosen, { value: "yes" }, stored, TODAY)).toMatchObject({
      value: "yes",
      source: "vendor",
      checkedAt: "2026-11-01",
    });
    expect(withChangedValue(stored, { value: "yes" }, stored, TODAY)).toMatchObject({
      source: "editor",
      checkedAt: TODAY,
    });
  });

  it("reads a trial's days and a list fact from their inputs", () => {
    const values = toFormValues({ ...EMPTY_TOOL_INPUT, name: "Trial" });
    values.facts["free-trial"] = {
      ...values.facts["free-trial"],
      value: "yes",
      days: "30",
      checkedAt: TODAY,
    };
    values.facts.integrations = { ...values.facts.integrations, list: ["slack"], checkedAt: TODAY };
    expect(toolInputSchema.parse(fromFormValues(values)).facts).toMatchObject({
      "free-trial": { value: 30, source: "editor", checkedAt: TODAY },
      integrations: { value: ["slack"] },
    });
  });

  it("names the fact's and the plan's own field when a save is refused", () => {
    const values = formOf();
    values.facts.sso.evidenceUrl = "security page";
    values.facts["data-regions"].list = ["eu", "mars"];
    values.plans = [
      { ...EMPTY_PLAN, name: "Free", price: "0" },
      { ...EMPTY_PLAN, name: "Pro", price: "19 dollars", period: "" },
    ];
    expect(errorsOf(values)).toEqual({
      "facts.sso.evidenceUrl":
        "The evidence must be a web address that starts with http:// or https://.",
      "facts.data-regions.value": "Each region must be one of: eu, us, uk, ca, au, other.",
      "plans.1.price": "The price must be a number.",
      "plans.1.period": "Choose the plan's period: month, year, one-time, usage.",
    });
  });
});
