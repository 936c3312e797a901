import { useState } from "react";
import { Link } from "react-router";
import { useToast } from "~/components/toast";
import {
  REDRAFTABLE_FIELDS,
  type DraftedFieldName,
  type DraftJob,
  type ToolDraft,
} from "~/lib/ai-draft";
import { redraftField, saveDraftAsTool } from "~/client/api/admin-client";
import { ApiError, UNREACHABLE_MESSAGE } from "~/client/api/request";
import type { TaxonomySuggestion } from "~/lib/tool-input";
import { ToolEditor } from "../tool-editor/tool-editor";
import type { SetValues } from "../tool-editor/use-tool-form";
import { CatalogueToolLinks } from "./catalogue-tool-links";
import {
  applyDraftedField,
  draftToFormValues,
  explainUnfinished,
  FIELD_LABELS,
  reviewLinkOf,
} from "./draft-form";
import { DraftedBuyerFactsSummary } from "./drafted-buyer-facts";
import { ProvenanceNote } from "./provenance-note";

const isRedraftable = (field: DraftedFieldName): field is (typeof REDRAFTABLE_FIELDS)[number] =>
  (REDRAFTABLE_FIELDS as readonly DraftedFieldName[]).includes(field);

/** The draft of one job in the tool editor, each field with its provenance. */
export function DraftReview({
  job,
  taxonomy,
}: {
  job: DraftJob;
  taxonomy: readonly TaxonomySuggestion[];
}) {
  const showToast = useToast();
  const [draft, setDraft] = useState<ToolDraft>(job.draft);
  const [initialValues] = useState(() => draftToFormValues(job.draft));
  const [redrafting, setRedrafting] = useState<DraftedFieldName | null>(null);
  const [messages, setMessages] = useState<Partial<Record<DraftedFieldName, string>>>({});

  if (!reviewLinkOf(job)) return <NotReviewable job={job} />;

  async function redraft(field: DraftedFieldName, setValues: SetValues) {
    if (!isRedraftable(field) || redrafting) return;
    setRedrafting(field);
    setMessages((current) => ({ ...current, [field]: undefined }));
    try {
      const { drafted } = await redraftField(job.id, { field });
      if (drafted) {
        setDraft((current) => ({ ...current, [field]: drafted }));
        setValues((current) => applyDraftedField(current, field, drafted));
      }
      setMessages((current) => ({
        ...current,
        [field]: drafted
          ? `The ${FIELD_LABELS[field]} is redrafted.`
          : `Nothing better was found for the ${FIELD_LABELS[field]}; it is unchanged.`,
      }));
    } catch (failure) {
      showToast({
        message: failure instanceof ApiError ? failure.message : UNREACHABLE_MESSAGE,
        tone: "error",
        durationMs: 6000,
      });
    } finally {
      setRedrafting(null);
    }
  }

  const address = job.finalUrl ?? job.url;
  return (
    <ToolEditor
      tool={null}
      taxonomy={taxonomy}
      draft={{
        title: `Review the draft of ${job.draft.name?.value ?? address}`,
        values: initialValues,
        save: (edit) => saveDraftAsTool(job.id, edit),
        intro: (
          <div className="mt-3 max-w-3xl space-y-1 text-sm text-slate-700">
            <p>
              Drafted from{" "}
              <a href={address} className="font-medium break-all text-brand-700 underline">
                {address}
              </a>{" "}
              {job.usedModel ? "with the model's help" : "from the page alone"}. Under each field:
              where its value came from and the words on the page it rests on. Check them, change
              what you like, then add the tool.
            </p>
            {job.modelProblem && <p>The model was not used: {job.modelProblem}</p>}
            {job.failure && (
              <p className="font-medium text-red-800">
                This job failed ({job.failure.message}); this is what was drafted before it did.
              </p>
            )}
            {!job.failure && <DraftedBuyerFactsSummary draft={job.draft} />}
          </div>
        ),
        note: (field, setValues) => (
          <ProvenanceNote
            field={field}
            drafted={draft[field]}
            onRedraft={isRedraftable(field) ? () => void redraft(field, setValues) : undefined}
            isRedrafting={redrafting === field}
            message={messages[field] ?? null}
          />
        ),
      }}
    />
  );
}

function NotReviewable({ job }: { job: DraftJob }) {
  const address = job.finalUrl ?? job.url;
  let explanation: React.ReactNode;
  if (job.savedTool) {
    explanation = (
      <>
        This draft is already saved as{" "}
        <CatalogueToolLinks tool={job.savedTool} editLabel="edit it" />.
      </>
    );
  } else if (job.state === "failed" || job.state === "cancelled") {
    explanation = explainUnfinished(job);
  } else {
    explanation =
      "This draft is not ready yet. The list shows its progress; open it once it is ready.";
  }
  return (
    <section aria-labelledby="draft-title">
      <h1 id="draft-title" className="text-2xl font-bold text-slate-950">
        The draft of {address}
      </h1>
      <p className="mt-3 max-w-2xl text-slate-700">{explanation}</p>
      <p className="mt-4">
        <Link to="/admin/tools/ai" className="font-medium text-brand-700 underline">
          Back to AI-assisted add
        </Link>
      </p>
    </section>
  );
}
