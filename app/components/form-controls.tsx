import { useId } from "react";

interface TextFieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  /** A problem with this field, shown under it and announced with it. */
  error?: string;
  hint?: string;
}

export const INPUT_CLASS =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-invalid:border-red-500";

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string;
  hint?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}

/** A label, the control, its hint and its error, tied together for screen readers. */
export function FieldFrame({ id, label, error, hint, children, className }: FieldFrameProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

interface FieldNotesProps {
  /** The field's id: the notes are `${id}-hint` and `${id}-error` (see describedBy). */
  id: string;
  hint?: React.ReactNode;
  error?: string | null;
  /** Announce the error at once (it appears after an action, such as an upload). */
  isAlert?: boolean;
}

/** A field's hint and its error, under the control. */
export function FieldNotes({ id, hint, error, isAlert = false }: FieldNotesProps) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p
          id={`${id}-error`}
          role={isAlert ? "alert" : undefined}
          className="mt-1 text-sm text-red-700"
        >
          {error}
        </p>
      )}
    </>
  );
}

/** The ids of a field's hint and error, for aria-describedby. */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
}

/** A labelled input with its hint and error tied to it for screen readers. */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={INPUT_CLASS}
        {...input}
      />
    </FieldFrame>
  );
}

/** A failure from the server, in a red box. */
export function ErrorBox({ children }: { children: React.ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {children}
    </div>
  );
}

/** A status line that screen readers announce when it changes. */
export function SuccessBox({ children }: { children: React.ReactNode }) {
  return (
    <div
      role="status"
      className="rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900"
    >
      {children}
    </div>
  );
}

/** The outcome of an action: the success line or the red box. */
export interface ActionResult {
  ok: boolean;
  message: string;
}

export function ResultBox({ result }: { result: ActionResult | null }) {
  if (!result) return null;
  return result.ok ? (
    <SuccessBox>{result.message}</SuccessBox>
  ) : (
    <ErrorBox>{result.message}</ErrorBox>
  );
}

interface SubmitButtonProps {
  isPending: boolean;
  pendingLabel: string;
  children: React.ReactNode;
  tone?: "primary" | "danger";
}

export function SubmitButton({
  isPending,
  pendingLabel,
  children,
  tone = "primary",
}: SubmitButtonProps) {
  const colours =
    tone === "danger" ? "bg-red-700 hover:bg-red-800" : "bg-brand-700 hover:bg-brand-800";
  return (
    <button
      type="submit"
      disabled={isPending}
      aria-disabled={isPending}
      className={`inline-flex w-full items-center justify-center gap-2 rounded-lg px-4 py-2.5 font-semibold text-white disabled:opacity-60 ${colours}`}
    >
      {isPending && <Spinner />}
      {isPending ? pendingLabel : children}
    </button>
  );
}

export function Spinner({ className = "size-4" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`animate-spin ${className}`} fill="none">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" opacity="0.25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" />
    </svg>
  );
}
