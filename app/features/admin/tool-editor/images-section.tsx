import { EditorSection } from "./editor-section";
import { ImageField } from "./image-field";
import type { ToolFormFields } from "./use-tool-form";

export function ImagesSection({
  fields: { values, errors, set, note },
}: {
  fields: ToolFormFields;
}) {
  return (
    <EditorSection title="Images">
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
    </EditorSection>
  );
}
