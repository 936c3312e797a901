import { useRef, useState } from "react";
import type { DraftedFieldName } from "~/lib/ai-draft";
import { saveTool } from "~/client/api/admin-client";
import type { SavedToolAnswer } from "~/lib/api/contract";
import { useApiWrite } from "~/client/api/use-api-write";
import { fieldErrorsOf } from "~/lib/field-errors";
import {
  EMPTY_TOOL_INPUT,
  fromFormValues,
  toFormValues,
  toolInputSchema,
  type EditableTool,
  type ToolFormValues,
} from "~/lib/tool-input";

type ToolEdit = Parameters<typeof saveTool>[1];
export type SetValues = (update: (current: ToolFormValues) => ToolFormValues) => void;

/** The editor opened on an AI draft (app/features/admin/ai-add/) to add a new tool. */
export interface EditorDraft {
  title: string;
  values: ToolFormValues;
  save: (edit: ToolEdit) => Promise<SavedToolAnswer>;
  /** What sits above the form: where the draft came from. */
  intro: React.ReactNode;
  /** The line under a drafted field: its source and evidence, and a way to redraft it. */
  note: (field: DraftedFieldName, setValues: SetValues) => React.ReactNode;
}

/** What the form's sections read and write. */
export interface ToolFormFields {
  values: ToolFormValues;
  /** The values the form opened with (a fact changed back is the stored fact again). */
  initial: ToolFormValues;
  errors: Record<string, string>;
  /** Changes the values from the current ones (several edits in one event all apply). */
  update: SetValues;
  set: <K extends keyof ToolFormValues>(key: K) => (value: ToolFormValues[K]) => void;
  setNested: <K extends "pricing" | "seo">(
    key: K,
    field: keyof ToolFormValues[K],
  ) => (value: string) => void;
  /** The draft's line under a drafted field, if the editor is on a draft. */
  note: (field: DraftedFieldName) => React.ReactNode;
}

/**
 * The editor's values, checked by the server's own schema before they are sent; a saved tool
 * opens its edit page with a message, a refused one lists what needs attention and takes focus.
 */
export function useToolForm(tool: EditableTool | null, draft: EditorDraft | undefined) {
  const save = useApiWrite((edit: ToolEdit) =>
    draft ? draft.save(edit) : saveTool(tool?.id ?? null, edit),
  );
  // The page remounts the editor for each stored version, so the starting values never change.
  const [initial] = useState(() => draft?.values ?? toFormValues(tool?.input ?? EMPTY_TOOL_INPUT));
  const [values, setValues] = useState<ToolFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const isLeavingAfterSave = useRef(false);
  const errorBox = useRef<HTMLDivElement>(null);
  const isDirty = JSON.stringify(values) !== JSON.stringify(initial);

  const fields: ToolFormFields = {
    values,
    initial,
    errors,
    update: setValues,
    set: (key) => (value) => setValues((current) => ({ ...current, [key]: value })),
    setNested: (key, field) => (value) =>
      setValues((current) => ({ ...current, [key]: { ...current[key], [field]: value } })),
    note: (field) => draft?.note(field, setValues),
  };

  function showProblems(fields: Record<string, string>, message: string) {
    setErrors(fields);
    setFormError(message);
    requestAnimationFrame(() => errorBox.current?.focus());
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = toolInputSchema.safeParse(fromFormValues(values));
    if (!parsed.success) {
      showProblems(fieldErrorsOf(parsed.error), "Some fields need attention.");
      return;
    }
    setErrors({});
    setFormError(null);
    const edit = { tool: parsed.data, ...(tool && { updatedAt: tool.updatedAt }) };
    const result = await save.run(edit, ({ tool: saved }) => {
      isLeavingAfterSave.current = true;
      const message = tool ? "Your changes are saved." : `"${parsed.data.name}" is added.`;
      // The page reloads the tool: the form starts again from what was stored.
      return {
        to: `/admin/tools/manual/${saved.id}`,
        replace: !!tool,
        state: { saved: message },
      };
    });
    isLeavingAfterSave.current = false;
    if (result && !result.ok) showProblems(result.error.fields, result.error.message);
  }

  return {
    fields,
    isDirty,
    isSaving: save.isPending,
    formError,
    errorBox,
    isLeavingAfterSave,
    onSubmit,
  };
}
