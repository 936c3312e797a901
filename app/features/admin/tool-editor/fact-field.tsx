import { useId } from "react";
import { describedBy, FieldNotes } from "~/components/form-controls";
import {
  DATA_REGIONS,
  FACTS,
  FACT_LIMITS,
  PLATFORMS,
  PLATFORM_LABELS,
  REGION_LABELS,
  type FactKey,
} from "~/lib/buyer-facts";
import {
  isUnknownFormFact,
  UNKNOWN,
  withChangedValue,
  type FactFormValue,
} from "~/lib/fact-form-values";
import { SOURCE_OPTIONS } from "./fact-labels";
import { InputField, SelectField, TextAreaField } from "./fields";
import { IntegrationsPicker } from "./integrations-picker";

type Option = { value: string; label: string };

const YES_NO: Option[] = [
  { value: UNKNOWN, label: "Unknown" },
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

const SOC2: Option[] = [
  { value: UNKNOWN, label: "Unknown" },
  { value: "none", label: "No report" },
  { value: "type1", label: "Type I" },
  { value: "type2", label: "Type II" },
];

const TRAINING: Option[] = [
  { value: UNKNOWN, label: "Unknown" },
  { value: "yes", label: "Not used for training" },
  { value: "opt-out", label: "Used unless the customer opts out" },
  { value: "no", label: "Used for training" },
];

const TRIAL: Option[] = [
  { value: UNKNOWN, label: "Unknown" },
  { value: "no", label: "No free trial" },
  { value: "yes", label: "Free trial" },
];

const REGION_OPTIONS = DATA_REGIONS.map((code) => ({ value: code, label: REGION_LABELS[code] }));
const PLATFORM_OPTIONS = PLATFORMS.map((code) => ({ value: code, label: PLATFORM_LABELS[code] }));

/** Today as the checked date a changed fact gets (the day in UTC, as the server stores days). */
const today = () => new Date().toISOString().slice(0, 10);

interface FactFieldProps {
  factKey: FactKey;
  fact: FactFormValue;
  /** The fact as stored, so a value changed back keeps its stored source and date. */
  stored: FactFormValue;
  errors: Record<string, string>;
  onFact: (change: (fact: FactFormValue) => FactFormValue) => void;
}

/**
 * One buyer fact: its value (unknown unless a source says), and once known, where it came from
 * and when it was checked. Changing the value makes it the editor's, checked today.
 */
export function FactField({ factKey, fact, stored, errors, onFact }: FactFieldProps) {
  const id = useId();
  const { kind, label } = FACTS[factKey];
  const errorOf = (part: string) => errors[`facts.${factKey}.${part}`];
  const valueError = errorOf("value") ?? errors[`facts.${factKey}`];
  const change = (values: Partial<Pick<FactFormValue, "value" | "list" | "days">>) =>
    onFact((current) => withChangedValue(current, values, stored, today()));
  const setPart =
    (part: "source" | "evidenceUrl" | "quote" | "checkedAt" | "reportDate") => (value: string) =>
      onFact((current) => ({ ...current, [part]: value }));

  return (
    <fieldset
      className="min-w-0 rounded-xl border border-slate-200 p-3"
      aria-describedby={describedBy(id, null, valueError)}
      data-fact={factKey}
    >
      <legend className="px-1 text-sm font-semibold text-slate-900">{label}</legend>
      {kind === "yes-no" && <Choices name={id} options={YES_NO} fact={fact} onValue={change} />}
      {kind === "training" && <Choices name={id} options={TRAINING} fact={fact} onValue={change} />}
      {kind === "soc2" && (
        <SelectField
          label="Report"
          value={fact.value}
          onValue={(value) => change({ value })}
          options={SOC2}
        />
      )}
      {kind === "trial" && (
        <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
          <Choices name={id} options={TRIAL} fact={fact} onValue={change} />
          {fact.value === "yes" && (
            <InputField
              label="Length in days"
              type="number"
              inputMode="numeric"
              min={1}
              max={365}
              className="w-36"
              value={fact.days}
              onValue={(days) => change({ days })}
            />
          )}
        </div>
      )}
      {kind === "text" && (
        <InputField
          label="What the vendor says"
          hint="Leave empty when unknown."
          value={fact.value}
          maxLength={FACT_LIMITS.retention}
          onValue={(value) => change({ value })}
        />
      )}
      {kind === "regions" && (
        <Checkboxes options={REGION_OPTIONS} list={fact.list} onList={(list) => change({ list })} />
      )}
      {kind === "platforms" && (
        <Checkboxes
          options={PLATFORM_OPTIONS}
          list={fact.list}
          onList={(list) => change({ list })}
        />
      )}
      {kind === "integrations" && (
        <IntegrationsPicker selected={fact.list} onSelected={(list) => change({ list })} />
      )}
      <FieldNotes id={id} error={valueError} />

      {!isUnknownFormFact(factKey, fact) && (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Source"
            value={fact.source}
            onValue={setPart("source")}
            options={SOURCE_OPTIONS}
            error={errorOf("source")}
          />
          <InputField
            label="Checked on"
            type="date"
            value={fact.checkedAt}
            onValue={setPart("checkedAt")}
            error={errorOf("checkedAt")}
          />
          {kind === "soc2" && (
            <InputField
              label="Report date"
              type="date"
              value={fact.reportDate}
              onValue={setPart("reportDate")}
              error={errorOf("reportDate")}
              hint="When the report states it."
            />
          )}
          <InputField
            label="Evidence URL"
            type="url"
            inputMode="url"
            placeholder="https://"
            className="sm:col-span-2"
            value={fact.evidenceUrl}
            onValue={setPart("evidenceUrl")}
            error={errorOf("evidenceUrl")}
            maxLength={FACT_LIMITS.evidenceUrl}
          />
          <TextAreaField
            label="Quote from the evidence"
            rows={2}
            className="sm:col-span-2"
            value={fact.quote}
            onValue={setPart("quote")}
            error={errorOf("quote")}
            maxLength={FACT_LIMITS.quote}
          />
        </div>
      )}
    </fieldset>
  );
}

/** One choice of a few, as radio buttons (the fact's fieldset names them). */
function Choices({
  name,
  options,
  fact,
  onValue,
}: {
  name: string;
  options: Option[];
  fact: FactFormValue;
  onValue: (change: { value: string }) => void;
}) {
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-1">
      {options.map((option) => (
        <label key={option.value} className="inline-flex min-h-10 items-center gap-2 text-sm">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={fact.value === option.value}
            onChange={() => onValue({ value: option.value })}
            className="size-4"
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}

/** Several of a short list, as checkboxes; none checked is unknown. */
function Checkboxes({
  options,
  list,
  onList,
}: {
  options: Option[];
  list: string[];
  onList: (list: string[]) => void;
}) {
  const toggle = (value: string, checked: boolean) =>
    onList(
      options
        .map((option) => option.value)
        .filter((item) => (item === value ? checked : list.includes(item))),
    );
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-1">
      {options.map((option) => (
        <label key={option.value} className="inline-flex min-h-10 items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={list.includes(option.value)}
            onChange={(event) => toggle(option.value, event.target.checked)}
            className="size-4"
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
