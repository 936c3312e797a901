import { Spinner } from "~/components/form-controls";
import { TOOL_STATUSES } from "~/lib/constants";
import { toolPath } from "~/lib/paths";
import { toolSlugOf } from "~/lib/slug";
import type { ToolFormValues } from "~/lib/tool-input";
import { EditorSection } from "./editor-section";
import { SelectField } from "./fields";
import type { ToolFormFields } from "./use-tool-form";

const STATUS_OPTIONS = TOOL_STATUSES.map((status) => ({
  value: status,
  label: { online: "Online (public)", draft: "Draft (hidden)", offline: "Offline (hidden)" }[
    status
  ],
}));

interface PublishingSectionProps {
  fields: ToolFormFields;
  /** The stored tool's slug, or null while adding one. */
  slug: string | null;
  isDraft: boolean;
  isDirty: boolean;
  isSaving: boolean;
}

/** Status, the public address and Save. */
export function PublishingSection({
  fields: { values, errors, set },
  slug,
  isDraft,
  isDirty,
  isSaving,
}: PublishingSectionProps) {
  const isNew = slug === null;
  const address = toolPath({
    slug: slug ?? (toolSlugOf(values.name) || "tool-name"),
    category: values.category.trim() || null,
    subCategory: (values.category.trim() && values.subCategory.trim()) || null,
  });
  return (
    <EditorSection title="Publishing" className="order-last lg:order-first">
      <SelectField
        label="Status"
        value={values.status}
        onValue={(value) => set("status")(value as ToolFormValues["status"])}
        options={STATUS_OPTIONS}
        error={errors.status}
      />
      <div className="text-sm text-slate-700">
        <p className="font-medium text-slate-800">Address</p>
        <p className="mt-1 font-mono text-xs break-all">{address}</p>
        <p className="mt-1 text-xs text-slate-600">
          {isNew
            ? "The slug comes from the name; a number is added if another tool has it."
            : "The last part (the slug) stays when the name changes, so links keep working."}
        </p>
      </div>
      <button
        type="submit"
        disabled={isSaving}
        className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {isSaving && <Spinner />}
        {isSaving ? "Saving..." : isNew ? "Add tool" : "Save changes"}
      </button>
      {isDraft && (
        <p className="text-xs text-slate-600">
          Nothing is public until you add the tool; with the status Online, adding it publishes it.
        </p>
      )}
      <p className="text-xs text-slate-600" aria-live="polite">
        {isDirty ? "You have unsaved changes." : isNew ? "" : "No unsaved changes."}
      </p>
    </EditorSection>
  );
}
