import { useId, useRef, useState } from "react";
import type { FactFacet } from "~/lib/api/contract";
import type { RequirementKey } from "~/lib/buyer-facts";
import type { IntegrationKey } from "~/lib/integrations";
import { plural } from "~/lib/tool";
import { toggled, type BrowseFilters } from "./browse-href";
import { PanelToggle } from "./panel-toggle";

/** Integrations offered at once: the most common under the current filters. */
const COMMON_INTEGRATIONS = 8;
/** Integrations a search of the picker shows at most. */
const FOUND_INTEGRATIONS = 8;

export type BuyerChoice = Required<Pick<BrowseFilters, "require" | "integrates">> &
  Pick<BrowseFilters, "maxPrice">;

interface BuyerFiltersProps {
  choice: BuyerChoice;
  requirementFacets: readonly FactFacet<RequirementKey>[];
  integrationFacets: readonly FactFacet<IntegrationKey>[];
  /** How many tools every filter lists (what "Show the tools" shows on a phone). */
  total: number;
  onChange: (changes: Partial<BrowseFilters>) => void;
  /** Moves the keyboard to the results (the phone panel's last button). */
  onShowResults: () => void;
}

interface OptionProps {
  label: string;
  count: number;
  isChecked: boolean;
  onToggle: () => void;
}

function Option({ label, count, isChecked, onToggle }: OptionProps) {
  return (
    <li>
      <label className={`subcategory-option ${count === 0 && !isChecked ? "text-slate-500" : ""}`}>
        <input type="checkbox" checked={isChecked} onChange={onToggle} />
        {label}
        <span>{count}</span>
      </label>
    </li>
  );
}

/** A price the box holds: a number of 0 or more, nothing (no ceiling), or null when not valid. */
function priceOf(text: string): number | undefined | null {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const price = Number(trimmed);
  return Number.isFinite(price) && price >= 0 ? price : null;
}

function MaxPrice({
  maxPrice,
  onChange,
}: {
  maxPrice: number | undefined;
  onChange: (maxPrice: number | undefined) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const price = priceOf(input.current?.value ?? "");
    if (price === null) {
      setError("Enter a price of 0 or more, in US dollars.");
      return;
    }
    setError(null);
    if (price !== maxPrice) onChange(price);
  };
  return (
    <form
      className="mt-5"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <label htmlFor={id} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Max price per user/month
      </label>
      <div className="mt-2 flex items-center gap-2">
        <div className="flex min-w-0 flex-1 items-center rounded-lg border border-slate-300 bg-white focus-within:ring-2 focus-within:ring-brand-600">
          <span aria-hidden="true" className="pl-3 text-sm text-slate-500">
            $
          </span>
          <input
            // A new ceiling from the address (Back, a chip) shows in the box.
            key={maxPrice ?? "none"}
            ref={input}
            id={id}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            defaultValue={maxPrice ?? ""}
            placeholder="Any"
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
            aria-invalid={error ? true : undefined}
            onBlur={apply}
            className="min-h-10 w-full min-w-0 rounded-lg border-0 bg-transparent px-2 text-sm focus:outline-none"
          />
        </div>
        {maxPrice !== undefined && (
          <button
            type="button"
            onClick={() => {
              setError(null);
              onChange(undefined);
            }}
            className="inline-flex min-h-10 shrink-0 items-center rounded-lg px-3 text-sm font-medium text-slate-700 underline underline-offset-2 hover:text-slate-950"
          >
            Clear<span className="sr-only"> the price ceiling</span>
          </button>
        )}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        In US dollars; applied when you press Enter or leave the box.
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

function IntegrationPicker({
  facets,
  chosen,
  onToggle,
}: {
  facets: readonly FactFacet<IntegrationKey>[];
  chosen: readonly IntegrationKey[];
  onToggle: (key: IntegrationKey) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState("");
  const words = search.trim().toLowerCase();
  const isChosen = (facet: FactFacet<IntegrationKey>) => chosen.includes(facet.key);
  // The chosen ones, then the most common (facets come most tools first).
  const common = [
    ...facets.filter(isChosen),
    ...facets.filter((facet) => !isChosen(facet) && facet.count > 0).slice(0, COMMON_INTEGRATIONS),
  ];
  const shown = new Set(common.map((facet) => facet.key));
  const found = words
    ? facets
        .filter(
          (facet) =>
            !shown.has(facet.key) &&
            (facet.label.toLowerCase().includes(words) || facet.key.includes(words)),
        )
        .slice(0, FOUND_INTEGRATIONS)
    : [];
  const option = (facet: FactFacet<IntegrationKey>) => (
    <Option
      key={facet.key}
      label={facet.label}
      count={facet.count}
      isChecked={isChosen(facet)}
      onToggle={() => onToggle(facet.key)}
    />
  );
  return (
    <fieldset className="mt-5">
      <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Integrates with
      </legend>
      {common.length > 0 ? (
        <ul>{common.map(option)}</ul>
      ) : (
        <p className="text-sm text-slate-600">No listed tool names its integrations.</p>
      )}
      <label htmlFor={id} className="mt-2 block text-sm text-slate-700">
        Find another app
      </label>
      <input
        id={id}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Salesforce, Jira..."
        autoComplete="off"
        aria-controls={`${id}-found`}
        className="mt-1 min-h-10 w-full rounded-lg border border-slate-300 px-3 text-sm"
      />
      <div id={`${id}-found`} aria-live="polite">
        {words &&
          (found.length > 0 ? (
            <ul className="mt-1">{found.map(option)}</ul>
          ) : (
            <p className="mt-1 text-sm text-slate-600">No other app matches “{search.trim()}”.</p>
          ))}
      </div>
    </fieldset>
  );
}

/**
 * The buyer's filters: requirements, integrations and a price ceiling, with counts under the
 * current filters. Beside the list on wide screens; a panel that opens from its toggle on small
 * ones, which stays open while several are chosen and ends with a button to the results.
 */
export function BuyerFilters(props: BuyerFiltersProps) {
  const { choice, requirementFacets, integrationFacets, onChange } = props;
  const panelId = useId();
  const [isExpanded, setIsExpanded] = useState(false);
  const chosenCount =
    choice.require.length + choice.integrates.length + (choice.maxPrice === undefined ? 0 : 1);
  return (
    <aside aria-labelledby={`${panelId}-title`}>
      <PanelToggle
        title="Requirements & price"
        panelId={panelId}
        isExpanded={isExpanded}
        chosenCount={chosenCount}
        onExpandedChange={setIsExpanded}
      />
      <div
        id={panelId}
        className={`mt-2 rounded-xl border border-slate-200 bg-white p-4 lg:mt-0 lg:block ${isExpanded ? "block" : "hidden"}`}
      >
        <h2
          id={`${panelId}-title`}
          className="sr-only lg:not-sr-only lg:text-sm lg:font-semibold lg:text-slate-900"
        >
          Requirements &amp; price
        </h2>
        <fieldset className="lg:mt-3">
          <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            Requirements
          </legend>
          <ul>
            {requirementFacets.map((facet) => (
              <Option
                key={facet.key}
                label={facet.label}
                count={facet.count}
                isChecked={choice.require.includes(facet.key)}
                onToggle={() => onChange({ require: toggled(choice.require, facet.key) })}
              />
            ))}
          </ul>
        </fieldset>
        <IntegrationPicker
          facets={integrationFacets}
          chosen={choice.integrates}
          onToggle={(key) => onChange({ integrates: toggled(choice.integrates, key) })}
        />
        <MaxPrice maxPrice={choice.maxPrice} onChange={(maxPrice) => onChange({ maxPrice })} />
        <button
          type="button"
          onClick={() => {
            setIsExpanded(false);
            props.onShowResults();
          }}
          className="mt-5 inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 lg:hidden"
        >
          Show {plural(props.total, "tool")}
        </button>
      </div>
    </aside>
  );
}
