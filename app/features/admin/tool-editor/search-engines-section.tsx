import { SEO_DESCRIPTION_HINT, SEO_TITLE_HINT, TOOL_FIELD_LIMITS } from "~/lib/tool-input";
import { EditorSection } from "./editor-section";
import { InputField, LengthHint, TextAreaField } from "./fields";
import type { ToolFormFields } from "./use-tool-form";

export function SearchEnginesSection({
  fields: { values, errors, set, setNested, note },
}: {
  fields: ToolFormFields;
}) {
  return (
    <EditorSection title="Search engines">
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
            <LengthHint length={values.metaDescription.length} recommended={SEO_DESCRIPTION_HINT} />
          </>
        }
      />
    </EditorSection>
  );
}
