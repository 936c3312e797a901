import { FACT_KEYS, FACTS, type FactGroup, type FactKey } from "~/lib/buyer-facts";
import type { FactFormValue } from "~/lib/fact-form-values";
import { EditorSection } from "./editor-section";
import { FactField } from "./fact-field";
import { FACT_GROUP_TITLES } from "./fact-labels";
import type { ToolFormFields } from "./use-tool-form";

const GROUPS = Object.keys(FACT_GROUP_TITLES) as FactGroup[];
const keysOf = (group: FactGroup) => FACT_KEYS.filter((key) => FACTS[key].group === group);

/** The buyer facts, grouped as the tool page shows them; an unknown fact is left out when saved. */
export function FactsSection({
  fields: { values, initial, errors, update },
}: {
  fields: ToolFormFields;
}) {
  const onFact = (key: FactKey) => (change: (fact: FactFormValue) => FactFormValue) =>
    update((current) => ({
      ...current,
      facts: { ...current.facts, [key]: change(current.facts[key]) },
    }));
  return (
    <EditorSection title="Buyer facts">
      <p className="text-sm text-slate-600">
        Set a fact only when a source states it; leave it unknown otherwise (unknown is never shown
        as no). A changed value is recorded as the editor&apos;s, checked today.
      </p>
      {errors.facts && <p className="text-sm text-red-700">{errors.facts}</p>}
      {GROUPS.map((group) => (
        <section key={group} aria-labelledby={`fact-group-${group}`} className="space-y-3">
          <h2 id={`fact-group-${group}`} className="text-base font-semibold text-slate-900">
            {FACT_GROUP_TITLES[group]}
          </h2>
          {keysOf(group).map((key) => (
            <FactField
              key={key}
              factKey={key}
              fact={values.facts[key]}
              stored={initial.facts[key]}
              errors={errors}
              onFact={onFact(key)}
            />
          ))}
        </section>
      ))}
    </EditorSection>
  );
}
