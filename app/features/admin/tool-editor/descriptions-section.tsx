import { TOOL_FIELD_LIMITS } from "~/lib/tool-input";
import { EditorSection } from "./editor-section";
import { ListField, TextAreaField } from "./fields";
import { MarkdownField } from "./markdown-field";
import type { ToolFormFields } from "./use-tool-form";

export function DescriptionsSection({
  fields: { values, errors, set, note },
}: {
  fields: ToolFormFields;
}) {
  return (
    <EditorSection title="Descriptions">
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
    </EditorSection>
  );
}
