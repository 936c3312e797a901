import { useId } from "react";

interface StarPickerProps {
  legend: string;
  value: number | null;
  onChange: (rating: number | null) => void;
  isDisabled?: boolean;
  /** A change is being saved (the stars stay usable). */
  isBusy?: boolean;
  error?: string;
}

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * A rating from 1 to 5 as a group of radio buttons (arrow keys move between them), drawn as stars,
 * with a button that takes the rating away.
 */
export function StarPicker({
  legend,
  value,
  onChange,
  isDisabled,
  isBusy,
  error,
}: StarPickerProps) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="min-w-0"
      disabled={isDisabled}
      aria-busy={isBusy || undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <div className="flex">
          {STARS.map((stars) => (
            <label key={stars} className="relative cursor-pointer">
              <input
                type="radio"
                name={name}
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
                className="peer absolute inset-0 m-0 size-full cursor-pointer opacity-0"
              />
              <span
                aria-hidden="true"
                className={`block rounded-md px-1 text-3xl leading-none peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 ${value !== null && stars <= value ? "text-amber-500" : "text-slate-300 hover:text-amber-300"}`}
              >
                ★
              </span>
              <span className="sr-only">{stars === 1 ? "1 star" : `${stars} stars`}</span>
            </label>
          ))}
        </div>
        {value !== null && (
          <button
            type="button"
            onClick={() => onChange(null)}
            className="rounded-md px-2 py-1 text-sm font-medium text-slate-600 underline underline-offset-2 hover:text-slate-900"
          >
            Clear rating
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
