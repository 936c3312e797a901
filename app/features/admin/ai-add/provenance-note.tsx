import { useId, useState } from "react";
import { Spinner } from "~/components/form-controls";
import { DRAFT_SOURCE_LABELS, type DraftedField, type DraftedFieldName } from "~/lib/ai-draft";
import { FIELD_LABELS } from "./draft-form";

/** Evidence longer than this is folded to one line until asked for. */
const SHORT_EVIDENCE_CHARS = 90;

interface ProvenanceNoteProps {
  field: DraftedFieldName;
  drafted: DraftedField<unknown> | undefined;
  /** Absent for fields that are never redrafted (the website, the image). */
  onRedraft?: () => void;
  isRedrafting: boolean;
  /** What the last redraft of this field said ("Nothing better was found on the page."). */
  message: string | null;
}

/** Beside each drafted field, where its value came from and the quote it rests on. */
export function ProvenanceNote({
  field,
  drafted,
  onRedraft,
  isRedrafting,
  message,
}: ProvenanceNoteProps) {
  const [isOpen, setIsOpen] = useState(false);
  const evidenceId = useId();
  const label = FIELD_LABELS[field];
  if (!drafted && !onRedraft) return null;
  const evidence = drafted?.evidence.trim() ?? "";
  const isLong = evidence.length > SHORT_EVIDENCE_CHARS;
  return (
    <div
      className="-mt-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-xs text-slate-700"
      data-provenance={field}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {drafted ? (
          <span>
            <span className="font-medium text-slate-800">{capitalise(label)} from </span>
            <span className="rounded-full bg-brand-100 px-2 py-0.5 font-semibold text-brand-900">
              {DRAFT_SOURCE_LABELS[drafted.source]}
            </span>
          </span>
        ) : (
          <span>Not drafted: nothing on the page supported the {label}.</span>
        )}
        {drafted?.proposal && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">
            Proposal: not in the taxonomy yet
          </span>
        )}
        {onRedraft && (
          // Not disabled while it works: a disabled button drops the keyboard focus to the page.
          <button
            type="button"
            onClick={() => {
              if (!isRedrafting) onRedraft();
            }}
            aria-disabled={isRedrafting || undefined}
            aria-label={`Redraft the ${label}`}
            className="ml-auto inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-2 py-1 font-medium text-slate-800 hover:bg-slate-100 aria-disabled:opacity-60"
          >
            {isRedrafting && <Spinner className="size-3" />}
            {isRedrafting ? "Redrafting..." : "Redraft"}
          </button>
        )}
      </div>
      {evidence && (
        <div className="mt-1 flex items-start gap-2">
          <q
            id={evidenceId}
            className={`min-w-0 flex-1 break-words italic ${isOpen ? "" : "line-clamp-1"}`}
          >
            <span className="sr-only">Evidence: </span>
            {evidence}
          </q>
          {isLong && (
            <button
              type="button"
              aria-expanded={isOpen}
              aria-controls={evidenceId}
              onClick={() => setIsOpen((open) => !open)}
              className="shrink-0 font-medium text-brand-700 underline"
            >
              {isOpen ? "Show less" : "Show all"}
              <span className="sr-only"> evidence for the {label}</span>
            </button>
          )}
        </div>
      )}
      {/* Always there, so the one status line is in place before its words arrive. */}
      {onRedraft && (
        <p role="status" className="mt-1 font-medium text-slate-800 empty:hidden">
          {message}
        </p>
      )}
    </div>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
