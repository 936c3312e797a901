import { useEffect, useRef, useState } from "react";
import { Link, useBlocker, useLocation } from "react-router";
import { Dialog } from "~/components/dialog";
import { ErrorBox, Spinner, SuccessBox } from "~/components/form-controls";
import type { DraftedFieldName } from "~/lib/ai-draft";
import { saveTool } from "~/lib/api/admin-client";
import type { SavedToolAnswer } from "~/lib/api/contract";
import { useApiWrite } from "~/lib/api/use-api-write";
import { PRICING_MODELS, TOOL_STATUSES } from "~/lib/constants";
import { toolPath } from "~/lib/paths";
import { fieldErrorsOf } from "~/lib/field-errors";
import { toolSlugOf } from "~/lib/slug";
import {
  EMPTY_TOOL_INPUT,
  SEO_DESCRIPTION_HINT,
  SEO_TITLE_HINT,
  TOOL_FIELD_LIMITS,
  toFormValues,
  toolInputSchema,
  type EditableTool,
  type TaxonomySuggestion,
  type ToolFormValues,
} from "~/lib/tool-input";
import { InputField, LengthHint, ListField, SelectField, TextAreaField } from "./fields";
import { ImageField } from "./image-field";
import { MarkdownField } from "./markdown-field";

type ToolEdit = Parameters<typeof saveTool>[1];
export type SetValues = (update: (current: ToolFormValues) => ToolFormValues) => void;

/** Issue 18: the editor opened on an AI draft (app/features/admin/ai-add/) to add a new tool. */
interface EditorDraft {
  title: string;
  values: ToolFormValues;
  save: (edit: ToolEdit) => Promise<SavedToolAnswer>;
  /** What sits above the form: where the draft came from. */
  intro: React.ReactNode;
  /** The line under a drafted field: its source and evidence, and a way to redraft it. */
  note: (field: DraftedFieldName, setValues: SetValues) => React.ReactNode;
}

interface ToolEditorProps {
  /** The tool being edited, or null to add one. */
  tool: EditableTool | null;
  taxonomy: readonly TaxonomySuggestion[];
  draft?: EditorDraft;
}

const STATUS_OPTIONS = TOOL_STATUSES.map((status) => ({
  value: status,
  label: { online: "Online (public)", draft: "Draft (hidden)", offline: "Offline (hidden)" }[
    status
  ],
}));
const PRICING_OPTIONS = [
  { value: "", label: "Unknown" },
  ...PRICING_MODELS.map((model) => ({ value: model, label: model })),
];

/** Issue 7 manual add and edit: every tool field of spec 3, checked by the server's own schema. */
export function ToolEditor({ tool, taxonomy, draft }: ToolEditorProps) {
  const save = useApiWrite((edit: ToolEdit) =>
    draft ? draft.save(edit) : saveTool(tool?.id ?? null, edit),
  );
  const location = useLocation();
  // The page remounts the editor for each stored version, so the starting values never change.
  const [initial] = useState(() => draft?.values ?? toFormValues(tool?.input ?? EMPTY_TOOL_INPUT));
  const [values, setValues] = useState<ToolFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const isLeavingAfterSave = useRef(false);
  const errorBox = useRef<HTMLDivElement>(null);
  const saved = (location.state as { saved?: string } | null)?.saved;

  const isDirty = JSON.stringify(values) !== JSON.stringify(initial);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !isLeavingAfterSave.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty]);

  const set =
    <K extends keyof ToolFormValues>(key: K) =>
    (value: ToolFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const setNested =
    <K extends "pricing" | "seo">(key: K, field: keyof ToolFormValues[K]) =>
    (value: string) =>
      setValues((current) => ({ ...current, [key]: { ...current[key], [field]: value } }));
  const note = (field: DraftedFieldName) => draft?.note(field, setValues);

  function showProblems(fields: Record<string, string>, message: string) {
    setErrors(fields);
    setFormError(message);
    requestAnimationFrame(() => errorBox.current?.focus());
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = toolInputSchema.safeParse(values);
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

  const category = taxonomy.find((entry) => entry.category === values.category.trim());
  const subcategories = category?.subcategories ?? [];
  const address = toolPath({
    slug: tool?.slug ?? (toolSlugOf(values.name) || "tool-name"),
    category: values.category.trim() || null,
    subCategory: (values.category.trim() && values.subCategory.trim()) || null,
  });

  return (
    <form
      onSubmit={submit}
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
      {/* The boxes are live regions themselves (status, alert): a second one read them twice. */}
      <div className="mt-4 space-y-3">
        {saved && !isDirty && !formError && (
          <SuccessBox>
            {saved}{" "}
            {values.status === "online" && tool ? (
              <Link to={tool.publicPath} className="font-medium underline">
                See its public page
              </Link>
            ) : (
              "It is not public while its status is draft or offline."
            )}
          </SuccessBox>
        )}
        {formError && (
          <div ref={errorBox} tabIndex={-1} className="outline-none">
            <ErrorBox>
              {formError}
              {Object.keys(errors).length > 0 && (
                <ul className="mt-1 list-disc pl-5">
                  {Object.entries(errors).map(([field, message]) => (
                    <li key={field}>{message}</li>
                  ))}
                </ul>
              )}
            </ErrorBox>
          </div>
        )}
      </div>

      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-8">
          <Section title="Basics">
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
          </Section>

          <Section title="Descriptions">
            <TextAreaField
              label="Card description"
              value={values.cardDescription}
              onValue={set("cardDescription")}
              error={errors.cardDescription}
              maxLength={TOOL_FIELD_LIMITS.cardDescription}
              hint={`${values.cardDescription.length} / ${TOOL_FIELD_LIMITS.cardDescription}. Shown on cards; empty shows "Explore this amazing AI tool".`}
            />
            {note("cardDescription")}
            <MarkdownField
              label="Long description"
              value={values.longDescription}
              onValue={set("longDescription")}
              error={errors.longDescription}
              maxLength={TOOL_FIELD_LIMITS.longDescription}
            />
            {note("longDescription")}
            <ListField
              label="Key features"
              itemName="key feature"
              items={values.keyFeatures}
              onItems={set("keyFeatures")}
              error={errors.keyFeatures}
              maxItems={TOOL_FIELD_LIMITS.keyFeatures}
              maxLength={TOOL_FIELD_LIMITS.keyFeature}
            />
            {note("keyFeatures")}
            <ListField
              label="Hashtags"
              itemName="hashtag"
              items={values.hashtags}
              onItems={set("hashtags")}
              error={errors.hashtags}
              hint="Without the #; repeats are dropped when you save."
              maxItems={TOOL_FIELD_LIMITS.hashtags}
              maxLength={TOOL_FIELD_LIMITS.hashtag}
            />
            {note("hashtags")}
          </Section>

          <Section title="Search engines">
            <InputField
              label="SEO title"
              value={values.seo.titleTag}
              onValue={setNested("seo", "titleTag")}
              error={errors["seo.titleTag"]}
              maxLength={TOOL_FIELD_LIMITS.seoTitleTag}
              hint={<LengthHint length={values.seo.titleTag.length} recommended={SEO_TITLE_HINT} />}
            />
            {note("seoTitle")}
            <TextAreaField
              label="SEO meta description"
              value={values.seo.metaDescription}
              onValue={setNested("seo", "metaDescription")}
              error={errors["seo.metaDescription"]}
              maxLength={TOOL_FIELD_LIMITS.seoMetaDescription}
              hint={
                <>
                  The page's description for search engines and link previews.{" "}
                  <LengthHint
                    length={values.seo.metaDescription.length}
                    recommended={SEO_DESCRIPTION_HINT}
                  />
                </>
              }
            />
            {note("seoDescription")}
            <TextAreaField
              label="Meta description"
              value={values.metaDescription}
              onValue={set("metaDescription")}
              error={errors.metaDescription}
              maxLength={TOOL_FIELD_LIMITS.metaDescription}
              hint={
                <>
                  Used when the SEO meta description is empty.{" "}
                  <LengthHint
                    length={values.metaDescription.length}
                    recommended={SEO_DESCRIPTION_HINT}
                  />
                </>
              }
            />
          </Section>
        </div>

        {/* On a phone the images come before Publishing, so Save ends the form. */}
        <aside className="flex flex-col gap-6 lg:sticky lg:top-20 lg:self-start">
          <Section title="Publishing" className="order-last lg:order-first">
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
                {tool
                  ? "The last part (the slug) stays when the name changes, so links keep working."
                  : "The slug comes from the name; a number is added if another tool has it."}
              </p>
            </div>
            <button
              type="submit"
              disabled={save.isPending}
              className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {save.isPending && <Spinner />}
              {save.isPending ? "Saving..." : tool ? "Save changes" : "Add tool"}
            </button>
            {draft && (
              <p className="text-xs text-slate-600">
                Nothing is public until you add the tool; with the status Online, adding it
                publishes it.
              </p>
            )}
            <p className="text-xs text-slate-600" aria-live="polite">
              {isDirty ? "You have unsaved changes." : tool ? "No unsaved changes." : ""}
            </p>
          </Section>
          <Section title="Images">
            <ImageField
              label="Card image"
              value={values.image}
              onValue={set("image")}
              previewSize="small"
              error={errors.image}
              hint="Shown on cards, cropped to fill."
            />
            <ImageField
              label="Main image"
              value={values.mainImage}
              onValue={set("mainImage")}
              previewSize="medium"
              error={errors.mainImage}
              hint="Shown at the top of the tool page."
            />
            {note("mainImage")}
          </Section>
        </aside>
      </div>

      <Dialog
        isOpen={blocker.state === "blocked"}
        onClose={() => blocker.reset?.()}
        title="Leave without saving?"
      >
        <p className="text-slate-700">Your changes to this tool are not saved and will be lost.</p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button
            type="button"
            onClick={() => blocker.reset?.()}
            className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
          >
            Stay on this page
          </button>
          <button
            type="button"
            onClick={() => blocker.proceed?.()}
            className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
          >
            Leave and lose changes
          </button>
        </div>
      </Dialog>
    </form>
  );
}

function Section({
  title,
  children,
  className = "",
}: {
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <fieldset
      className={`min-w-0 space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 ${className}`}
    >
      <legend className="px-1 text-lg font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

function newNameHint(value: string, known: readonly string[], kind: string): string | undefined {
  const name = value.trim();
  if (!name) return `Choose one from the list or type a new ${kind}.`;
  return known.includes(name)
    ? undefined
    : `"${name}" is a new ${kind}; it is created when you save.`;
}
