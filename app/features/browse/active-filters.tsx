import { Link } from "react-router";
import { ALL_CATEGORIES } from "~/lib/constants";
import { BROWSE_PATH } from "~/lib/paths";
import { browseHref, isDefault, toggled, type BrowseFilters } from "./browse-href";
import { useSubcategoryPages } from "./subcategory-pages";

interface ActiveFiltersProps {
  filters: BrowseFilters;
  /** Forgets the saved browse state; the link itself goes to the defaults. */
  onReset: () => void;
  /** Runs as a chip is used (the chip itself then goes away). */
  onRemove: () => void;
}

// A chip is never wider than the row (nor, on wider screens, than a short line), whatever the
// name or search it holds, such as a long unbroken word on a phone: its text is cut short on
// screen, and the whole of it stays in the chip's accessible name and its title.
function Chip({ label, href, onClick }: { label: string; href: string; onClick: () => void }) {
  return (
    <li className="min-w-0 max-w-full sm:max-w-md">
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

/** spec 2: the filters in use as removable chips that stay in view, with Reset All. */
export function ActiveFilters({ filters, onReset, onRemove }: ActiveFiltersProps) {
  const subcategoryPages = useSubcategoryPages();
  if (isDefault(filters)) return null;
  const without = (changes: Partial<BrowseFilters>) =>
    browseHref({ ...filters, ...changes }, { subcategoryPages });
  return (
    <section
      aria-label="Active filters"
      className="-mx-4 mt-5 sm:sticky sm:top-16 sm:z-30 border-b border-slate-200 bg-slate-50/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6"
    >
      <ul className="flex flex-wrap items-center gap-2">
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
        <li>
          <Link
            to={BROWSE_PATH}
            onClick={onReset}
            className="inline-flex min-h-8 items-center rounded-full px-3 text-sm font-semibold text-slate-700 underline underline-offset-2 hover:text-slate-950"
          >
            Reset All
          </Link>
        </li>
      </ul>
    </section>
  );
}
