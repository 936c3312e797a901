import { PRICING_MODELS } from "~/lib/constants";
import { TOOL_FIELD_LIMITS, type TaxonomySuggestion } from "~/lib/tool-input";
import { EditorSection } from "./editor-section";
import { InputField, SelectField } from "./fields";
import type { ToolFormFields } from "./use-tool-form";

const PRICING_OPTIONS = [
  { value: "", label: "Unknown" },
  ...PRICING_MODELS.map((model) => ({ value: model, label: model })),
];

export function BasicsSection({
  fields: { values, errors, set, setNested, note },
  taxonomy,
}: {
  fields: ToolFormFields;
  taxonomy: readonly TaxonomySuggestion[];
}) {
  const category = taxonomy.find((entry) => entry.category === values.category.trim());
  const subcategories = category?.subcategories ?? [];
  return (
    <EditorSection title="Basics">
      <InputField
        label="Name"
        required
        value={values.name}
        onValue={set("name")}
        error={errors.name}
        maxLength={TOOL_FIELD_LIMITS.name}
      />
      {note("name")}
      <InputField
        label="Website"
        type="url"
        inputMode="url"
        placeholder="https://"
        value={values.websiteUrl}
        onValue={set("websiteUrl")}
        error={errors.websiteUrl}
        hint="Only http:// and https:// addresses."
      />
      {note("websiteUrl")}
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Category"
          list="tool-editor-categories"
          value={values.category}
          onValue={set("category")}
          error={errors.category}
          maxLength={TOOL_FIELD_LIMITS.category}
          hint={newNameHint(
            values.category,
            taxonomy.map((entry) => entry.category),
            "category",
          )}
        />
        <InputField
          label="Subcategory"
          list="tool-editor-subcategories"
          value={values.subCategory}
          onValue={set("subCategory")}
          error={errors.subCategory}
          maxLength={TOOL_FIELD_LIMITS.subCategory}
          hint={newNameHint(values.subCategory, subcategories, "subcategory")}
        />
      </div>
      {note("category")}
      {note("subCategory")}
      <datalist id="tool-editor-categories">
        {taxonomy.map((entry) => (
          <option key={entry.category} value={entry.category} />
        ))}
      </datalist>
      <datalist id="tool-editor-subcategories">
        {subcategories.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Pricing model"
          value={values.pricing.model}
          onValue={setNested("pricing", "model")}
          options={PRICING_OPTIONS}
          error={errors["pricing.model"]}
        />
        <InputField
          label="Price"
          placeholder="$20/month"
          value={values.pricing.amount}
          onValue={setNested("pricing", "amount")}
          error={errors["pricing.amount"]}
          maxLength={TOOL_FIELD_LIMITS.pricingAmount}
          hint='Shown as "N/A" when empty.'
        />
      </div>
      {note("pricingModel")}
      {note("pricingAmount")}
    </EditorSection>
  );
}

function newNameHint(value: string, known: readonly string[], kind: string): string | undefined {
  const name = value.trim();
  if (!name) return `Choose one from the list or type a new ${kind}.`;
  return known.includes(name)
    ? undefined
    : `"${name}" is a new ${kind}; it is created when you save.`;
}
