import { useId, useRef, useState } from "react";
import { useAuthPrompt } from "~/components/auth-prompt";
import { Spinner } from "~/components/form-controls";
import { useToast } from "~/components/toast";
import type { SavedComment } from "~/lib/api/contract";
import { ApiError } from "~/client/api/request";
import {
  COMMENT_MAX_LENGTH,
  COMMENT_MIN_LENGTH,
  isBlankText,
  normaliseCommentText,
} from "~/lib/comment-rules";
import { StarPicker } from "./star-picker";

export interface CommentFormInput {
  body: string;
  rating?: number | null;
  website?: string;
}

interface CommentFormProps {
  label: string;
  submitLabel: string;
  /** A top-level comment may carry a rating; replies and edits of the text do not. */
  hasRating?: boolean;
  /** New comments carry the honeypot; an edit does not. */
  hasHoneypot?: boolean;
  initialBody?: string;
  submit: (input: CommentFormInput) => Promise<SavedComment>;
  onSaved: (saved: SavedComment) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}

const lengthOf = (text: string) => [...normaliseCommentText(text)].length;

/** The same rules as the server's, so most mistakes show before anything is sent. */
function bodyProblem(text: string): string | null {
  if (isBlankText(text)) return "Write a comment.";
  const length = lengthOf(text);
  if (length < COMMENT_MIN_LENGTH) return `Use at least ${COMMENT_MIN_LENGTH} characters.`;
  if (length > COMMENT_MAX_LENGTH) {
    return `Use at most ${COMMENT_MAX_LENGTH.toLocaleString("en-US")} characters.`;
  }
  return null;
}

/**
 * Writes a comment, a reply or a new text for one: a live character count, an optional star
 * rating, the server's field errors beside their fields, and a busy state while it is sent.
 */
export function CommentForm({
  label,
  submitLabel,
  hasRating = false,
  hasHoneypot = false,
  initialBody = "",
  submit,
  onSaved,
  onCancel,
  autoFocus,
}: CommentFormProps) {
  const id = useId();
  const toast = useToast();
  const openAuth = useAuthPrompt();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [body, setBody] = useState(initialBody);
  const [rating, setRating] = useState<number | null>(null);
  const [website, setWebsite] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isPending, setIsPending] = useState(false);
  const length = lengthOf(body);
  const isOver = length > COMMENT_MAX_LENGTH;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const problem = bodyProblem(body);
    if (problem) {
      setErrors({ body: problem });
      bodyRef.current?.focus();
      return;
    }
    setErrors({});
    setIsPending(true);
    try {
      const saved = await submit({
        body,
        ...(hasRating && { rating }),
        ...(hasHoneypot && { website }),
      });
      setBody("");
      setRating(null);
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        // Signed out elsewhere: sign in again. The page keeps its signed-in view meanwhile (the
        // sign-in reloads it), so the text being written stays.
        openAuth("signin");
      } else if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
        if (error.fields.body) bodyRef.current?.focus();
      } else {
        toast({
          message: error instanceof ApiError ? error.message : "The comment could not be saved.",
          tone: "error",
          durationMs: 5000,
        });
      }
    } finally {
      setIsPending(false);
    }
  }

  const bodyError = errors.body ?? errors._;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-3">
      <div>
        <label htmlFor={`${id}-body`} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <textarea
          ref={bodyRef}
          id={`${id}-body`}
          name="body"
          value={body}
          onChange={(event) => setBody(event.target.value)}
          rows={4}
          required
          autoFocus={autoFocus}
          aria-invalid={bodyError || isOver ? true : undefined}
          aria-describedby={`${id}-count${bodyError ? ` ${id}-error` : ""}`}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-invalid:border-red-500"
        />
        <div className="mt-1 flex flex-wrap justify-between gap-x-4 text-xs">
          <p className="text-slate-600">Markdown links and emphasis work; no images.</p>
          <p
            id={`${id}-count`}
            className={isOver ? "font-semibold text-red-700" : "text-slate-600"}
          >
            {`${length.toLocaleString("en-US")} / ${COMMENT_MAX_LENGTH.toLocaleString("en-US")} characters`}
          </p>
        </div>
        {bodyError && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {bodyError}
          </p>
        )}
      </div>
      {hasRating && (
        <StarPicker
          legend="Rate this tool (optional)"
          value={rating}
          onChange={setRating}
          isDisabled={isPending}
          error={errors.rating}
        />
      )}
      {hasHoneypot && (
        // Left empty by people (it is hidden from them); bots that fill every field give
        // themselves away, and the server drops what they send.
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor={`${id}-website`}>Website</label>
          <input
            id={`${id}-website`}
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(event) => setWebsite(event.target.value)}
          />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={isPending}
          aria-disabled={isPending}
          className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {isPending && <Spinner />}
          {isPending ? "Saving..." : submitLabel}
        </button>
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            disabled={isPending}
            className="rounded-lg px-3 py-2 font-medium text-slate-700 hover:bg-slate-100"
          >
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
