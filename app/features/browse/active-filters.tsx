import { useRef } from "react";
import { Link } from "react-router";
import { useHeightProperty } from "~/components/bottom-room";
import { ALL_CATEGORIES } from "~/lib/constants";
import { BROWSE_PATH } from "~/lib/paths";
import { browseHref, isDefault, toggled, type BrowseFilters } from "./browse-href";
import { useSubcategoryPages } from "./subcategory-pages";

const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 2,
});

/** "$25", "$9.50". */
function formatUsd(amount: number): string {
  return usd.format(amount).replace(/\.00$/, "");
}

interface ActiveFiltersProps {
  filters: BrowseFilters;
  /** Forgets the saved browse state; the link itself goes to the defaults. */
  onReset: () => void;
  /** Runs as a chip is used (the chip itself then goes away). */
  onRemove: () => void;
  /** Requirement and integration labels by key. */
  factLabels: ReadonlyMap<string, string>;
}

// A chip is never wider than most of a phone's row (nor, on wider screens, than a short line),
// whatever the name or search it holds, such as a long unbroken word: its text is cut short on
// screen, and the whole of it stays in the chip's accessible name and its title.
function Chip({ label, href, onClick }: { label: string; href: string; onClick: () => void }) {
  return (
    <li className="max-w-[70vw] min-w-0 shrink-0 sm:max-w-md sm:shrink">
      <Link
        to={href}
        onClick={onClick}
        preventScrollReset
        aria-label={`Remove filter ${label}`}
        title={label}
        className="inline-flex min-h-8 min-w-0 max-w-full items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 px-3 text-sm font-medium text-brand-800 hover:bg-brand-100"
      >
        <span className="min-w-0 truncate">{label}</span>
        <span aria-hidden="true" className="shrink-0">
          ×
        </span>
      </Link>
    </li>
  );
}

/**
 * The filters in use as removable chips that stay in view under the header, with Reset
 * All, on every screen. On a phone they keep to one row that scrolls sideways, Reset All beside
 * it, so the bar covers little of the list; its height keeps focused cards clear of it (app.css).
 */
export function ActiveFilters({ filters, onReset, onRemove, factLabels }: ActiveFiltersProps) {
  const subcategoryPages = useSubcategoryPages();
  const bar = useRef<HTMLElement>(null);
  const isShown = !isDefault(filters);
  useHeightProperty(bar, "--filters-bar-height", isShown);
  if (!isShown) return null;
  const without = (changes: Partial<BrowseFilters>) =>
    browseHref({ ...filters, ...changes }, { subcategoryPages });
  return (
    <section
      ref={bar}
      aria-label="Active filters"
      className="sticky top-16 z-30 -mx-4 mt-5 flex items-center gap-2 border-b border-slate-200 bg-slate-50/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6"
    >
      <ul className="-m-1 flex min-w-0 flex-1 items-center gap-2 overflow-x-auto p-1 sm:flex-wrap sm:overflow-visible">
        {filters.category !== ALL_CATEGORIES && (
          <Chip
            onClick={onRemove}
            label={`Category: ${filters.category}`}
            href={without({ category: ALL_CATEGORIES })}
          />
        )}
        {filters.subcategory.map((name) => (
          <Chip
            onClick={onRemove}
            key={name}
            label={`Subcategory: ${name}`}
            href={without({ subcategory: toggled(filters.subcategory, name) })}
          />
        ))}
        {filters.search.trim() !== "" && (
          <Chip
            onClick={onRemove}
            label={`Search: ${filters.search.trim()}`}
            href={without({ search: "" })}
          />
        )}
        {filters.sort && (
          <Chip
            onClick={onRemove}
            label={`Sort: ${filters.sort}`}
            href={without({ sort: undefined })}
          />
        )}
        {filters.pricing !== "All Pricing" && (
          <Chip
            onClick={onRemove}
            label={`Pricing: ${filters.pricing}`}
            href={without({ pricing: "All Pricing" })}
          />
        )}
        {filters.require?.map((key) => (
          <Chip
            onClick={onRemove}
            key={`require-${key}`}
            label={`Requires: ${factLabels.get(key) ?? key}`}
            href={without({ require: toggled(filters.require ?? [], key) })}
          />
        ))}
        {filters.integrates?.map((key) => (
          <Chip
            onClick={onRemove}
            key={`integrates-${key}`}
            label={`Integrates with: ${factLabels.get(key) ?? key}`}
            href={without({ integrates: toggled(filters.integrates ?? [], key) })}
          />
        ))}
        {filters.maxPrice !== undefined && (
          <Chip
            onClick={onRemove}
            label={`Max price: ${formatUsd(filters.maxPrice)}/user/month`}
            href={without({ maxPrice: undefined })}
          />
        )}
      </ul>
      <Link
        to={BROWSE_PATH}
        onClick={onReset}
        className="inline-flex min-h-8 shrink-0 items-center self-start rounded-full px-3 text-sm font-semibold whitespace-nowrap text-slate-700 underline underline-offset-2 hover:text-slate-950"
      >
        Reset All
      </Link>
    </section>
  );
}
