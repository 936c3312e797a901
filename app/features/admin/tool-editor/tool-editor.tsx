import { Link, useLocation } from "react-router";
import type { EditableTool, TaxonomySuggestion } from "~/lib/tool-input";
import { BasicsSection } from "./basics-section";
import { DescriptionsSection } from "./descriptions-section";
import { FactsSection } from "./facts-section";
import { ImagesSection } from "./images-section";
import { LeaveWithoutSavingDialog } from "./leave-without-saving-dialog";
import { PlansSection } from "./plans-section";
import { PublishingSection } from "./publishing-section";
import { SaveMessages } from "./save-messages";
import { SearchEnginesSection } from "./search-engines-section";
import { useToolForm, type EditorDraft } from "./use-tool-form";
import { useUnsavedChangesGuard } from "./use-unsaved-changes-guard";

interface ToolEditorProps {
  /** The tool being edited, or null to add one. */
  tool: EditableTool | null;
  taxonomy: readonly TaxonomySuggestion[];
  draft?: EditorDraft;
}

/** Manual add and edit: every tool field, checked by the server's own schema. */
export function ToolEditor({ tool, taxonomy, draft }: ToolEditorProps) {
  const form = useToolForm(tool, draft);
  const blocker = useUnsavedChangesGuard(form.isDirty, form.isLeavingAfterSave);
  const location = useLocation();
  const saved = (location.state as { saved?: string } | null)?.saved;
  const { fields } = form;

  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-labelledby="tool-editor-title"
      onKeyDown={(event) => {
        // Enter in a one-line field does not save a half-filled tool; the Save button does.
        const target = event.target as HTMLElement;
        if (event.key === "Enter" && target instanceof HTMLInputElement) event.preventDefault();
      }}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 id="tool-editor-title" className="text-2xl font-bold text-slate-950">
          {draft ? draft.title : tool ? `Edit ${tool.input.name}` : "Add a tool manually"}
        </h1>
        <Link
          to={draft ? "/admin/tools/ai" : "/admin/tools"}
          className="text-sm font-medium text-brand-700 underline"
        >
          {draft ? "Back to AI-assisted add" : "Back to the tool list"}
        </Link>
      </div>
      {draft?.intro}
      <SaveMessages
        saved={saved}
        isDirty={form.isDirty}
        formError={form.formError}
        errors={fields.errors}
        errorBox={form.errorBox}
        publicPath={fields.values.status === "online" && tool ? tool.publicPath : null}
      />

      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-8">
          <BasicsSection fields={fields} taxonomy={taxonomy} />
          <DescriptionsSection fields={fields} />
          <PlansSection fields={fields} />
          <FactsSection fields={fields} />
          <SearchEnginesSection fields={fields} />
        </div>

        {/* On a phone the images come before Publishing, so Save ends the form. */}
        <aside className="flex flex-col gap-6 lg:sticky lg:top-20 lg:self-start">
          <PublishingSection
            fields={fields}
            slug={tool?.slug ?? null}
            isDraft={!!draft}
            isDirty={form.isDirty}
            isSaving={form.isSaving}
          />
          <ImagesSection fields={fields} />
        </aside>
      </div>

      <LeaveWithoutSavingDialog blocker={blocker} />
    </form>
  );
}
