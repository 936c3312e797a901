import { useId, useState } from "react";
import { INTEGRATIONS, INTEGRATION_KEYS, type IntegrationKey } from "~/lib/integrations";

const matches = (key: IntegrationKey, query: string) =>
  key.includes(query) || INTEGRATIONS[key].toLowerCase().includes(query);

/**
 * The integrations from the maintained vocabulary: the chosen ones as removable chips, and a
 * search that narrows the list of checkboxes (the list stays in the vocabulary's order).
 */
export function IntegrationsPicker({
  selected,
  onSelected,
}: {
  selected: string[];
  onSelected: (list: string[]) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState("");
  const wanted = query.trim().toLowerCase();
  const shown = INTEGRATION_KEYS.filter((key) => !wanted || matches(key, wanted));
  const toggle = (key: IntegrationKey, checked: boolean) =>
    onSelected(
      INTEGRATION_KEYS.filter((item) => (item === key ? checked : selected.includes(item))),
    );

  return (
    <div>
      {selected.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen integrations">
          {selected.map((key) => (
            <li key={key}>
              <button
                type="button"
                onClick={() => toggle(key as IntegrationKey, false)}
                aria-label={`Remove ${INTEGRATIONS[key as IntegrationKey] ?? key}`}
                className="inline-flex min-h-8 items-center gap-1 rounded-full bg-brand-50 px-3 text-sm text-brand-900 hover:bg-brand-100"
              >
                {INTEGRATIONS[key as IntegrationKey] ?? key}
                <span aria-hidden="true">✕</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={`${id}-search`} className="mt-2 block text-sm font-medium text-slate-800">
        Find an integration
      </label>
      <input
        id={`${id}-search`}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        aria-controls={`${id}-list`}
        aria-describedby={`${id}-count`}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      <p id={`${id}-count`} className="mt-1 text-xs text-slate-600" aria-live="polite">
        {selected.length} chosen; {shown.length} of {INTEGRATION_KEYS.length} shown.
      </p>
      <div
        id={`${id}-list`}
        role="group"
        aria-label="Integrations to choose from"
        className="mt-1 grid max-h-56 gap-x-4 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2"
      >
        {shown.map((key) => (
          <label key={key} className="inline-flex min-h-9 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={selected.includes(key)}
              onChange={(event) => toggle(key, event.target.checked)}
              className="size-4"
            />
            {INTEGRATIONS[key]}
          </label>
        ))}
        {shown.length === 0 && <p className="text-sm text-slate-600">No app matches.</p>}
      </div>
    </div>
  );
}
