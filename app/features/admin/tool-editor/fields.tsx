import { useId, useRef, useState } from "react";
import { describedBy, FieldFrame, FieldNotes, INPUT_CLASS } from "~/components/form-controls";

/** "42 / 60 recommended": a length hint that turns amber past the recommended length. */
export function LengthHint({ length, recommended }: { length: number; recommended: number }) {
  const isLong = length > recommended;
  return (
    <span className={isLong ? "font-medium text-amber-800" : undefined}>
      {length} / {recommended} characters recommended
      {isLong && ": search results will cut it short"}
    </span>
  );
}

/** What every field's control shares: its id, value, change handler and error wiring. */
function controlProps(
  id: string,
  value: string,
  onValue: (value: string) => void,
  hint: React.ReactNode,
  error: string | undefined,
) {
  return {
    id,
    value,
    onChange: (event: React.ChangeEvent<{ value: string }>) => onValue(event.target.value),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, hint, error),
    className: INPUT_CLASS,
  };
}

interface InputFieldProps extends Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  "id" | "onChange"
> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  hint?: React.ReactNode;
}

export function InputField({
  label,
  value,
  onValue,
  error,
  hint,
  className,
  ...input
}: InputFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <input {...controlProps(id, value, onValue, hint, error)} {...input} />
    </FieldFrame>
  );
}

interface TextAreaFieldProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  hint?: React.ReactNode;
  rows?: number;
  maxLength?: number;
  className?: string;
}

export function TextAreaField({
  label,
  value,
  onValue,
  error,
  hint,
  rows = 3,
  maxLength,
  className,
}: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <textarea
        rows={rows}
        maxLength={maxLength}
        {...controlProps(id, value, onValue, hint, error)}
      />
    </FieldFrame>
  );
}

interface SelectFieldProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string;
  className?: string;
}

export function SelectField({
  label,
  value,
  onValue,
  options,
  error,
  className,
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} className={className}>
      <select {...controlProps(id, value, onValue, null, error)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

interface ListFieldProps {
  label: string;
  /** What one item is called ("hashtag"), for button names. */
  itemName: string;
  items: string[];
  onItems: (items: string[]) => void;
  error?: string;
  hint?: string;
  maxItems: number;
  maxLength: number;
}

/** An editable list: each item can be changed, moved or removed, and new ones added with Enter. */
export function ListField({
  label,
  itemName,
  items,
  onItems,
  error,
  hint,
  maxItems,
  maxLength,
}: ListFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const add = () => {
    const text = draft.trim();
    if (!text || items.length >= maxItems) return;
    onItems([...items, text]);
    setDraft("");
  };
  const list = useRef<HTMLFieldSetElement>(null);
  /** Keyboard users stay with the item they moved, or next to the one they removed. */
  const focusAfterChange = (selectors: string[]) =>
    requestAnimationFrame(() => {
      for (const selector of selectors) {
        const target = list.current?.querySelector<HTMLElement>(selector);
        if (target && !(target as HTMLButtonElement).disabled) return target.focus();
      }
    });
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onItems(next);
    const [same, other] = to < from ? ["up", "down"] : ["down", "up"];
    focusAfterChange([`[data-action="${same}-${to}"]`, `[data-action="${other}-${to}"]`]);
  };
  const remove = (index: number) => {
    onItems(items.filter((_, i) => i !== index));
    focusAfterChange([
      `[data-action="remove-${index}"]`,
      `[data-action="remove-${index - 1}"]`,
      `[data-action="new"]`,
    ]);
  };
  return (
    <fieldset ref={list} aria-describedby={describedBy(id, hint, error)}>
      <legend className="block text-sm font-medium text-slate-800">{label}</legend>
      {items.length > 0 && (
        <ol className="mt-1 space-y-1">
          {items.map((item, index) => (
            <li key={index} className="flex items-center gap-1">
              <input
                aria-label={`${itemName} ${index + 1}`}
                value={item}
                maxLength={maxLength}
                onChange={(event) =>
                  onItems(items.map((old, i) => (i === index ? event.target.value : old)))
                }
                className="block w-full rounded-lg border border-slate-300 px-3 py-1.5 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
              />
              <IconButton
                data-action={`up-${index}`}
                label={`Move ${itemName} ${index + 1} up`}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                ↑
              </IconButton>
              <IconButton
                data-action={`down-${index}`}
                label={`Move ${itemName} ${index + 1} down`}
                disabled={index === items.length - 1}
                onClick={() => move(index, index + 1)}
              >
                ↓
              </IconButton>
              <IconButton
                data-action={`remove-${index}`}
                label={`Remove ${itemName} ${index + 1}`}
                onClick={() => remove(index)}
              >
                ✕
              </IconButton>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-2 flex gap-2">
        <input
          data-action="new"
          aria-label={`New ${itemName}`}
          value={draft}
          maxLength={maxLength}
          disabled={items.length >= maxItems}
          placeholder={
            items.length >= maxItems ? `At most ${maxItems}` : `Add a ${itemName}, then Enter`
          }
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            add();
          }}
          // Text left in the box is kept, as a person who typed it expects (Save blurs it first).
          onBlur={add}
          className="block w-full rounded-lg border border-slate-300 px-3 py-1.5 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        <button
          type="button"
          onClick={add}
          disabled={!draft.trim() || items.length >= maxItems}
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50"
        >
          Add
        </button>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </fieldset>
  );
}

function IconButton({
  label,
  children,
  ...button
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { label: string; "data-action"?: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-30"
      {...button}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
