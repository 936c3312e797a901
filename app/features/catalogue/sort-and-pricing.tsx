import { Link } from "react-router";
import { isUsableSearch, PRICING_FILTERS, SORT_OPTIONS, type SortOption } from "~/lib/constants";
import { browseHref, type BrowseFilters } from "./browse-href";

interface SortAndPricingProps {
  filters: BrowseFilters;
  /** The order in use (spec 4: Relevance while searching unless another was chosen). */
  sort: SortOption;
}

function Option({ href, isCurrent, label }: { href: string; isCurrent: boolean; label: string }) {
  return (
    <Link
      to={href}
      preventScrollReset
      aria-current={isCurrent ? "true" : undefined}
      className={`inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap ${
        isCurrent ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"
      }`}
    >
      {label}
    </Link>
  );
}

/** spec 2 and 9: the sort buttons and the pricing buttons. */
export function SortAndPricing({ filters, sort }: SortAndPricingProps) {
  const isSearching = isUsableSearch(filters.search);
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
      <nav aria-label="Sort by" className="flex items-center gap-2 overflow-x-auto">
        <span className="text-sm font-semibold text-slate-700">Sort</span>
        <div className="flex gap-1 rounded-xl border border-slate-200 bg-white p-1">
          {SORT_OPTIONS.map((option) => (
            <Option
              key={option}
              label={option}
              isCurrent={option === sort}
              // Relevance is the default while searching; without a search it orders newest first.
              href={browseHref({
                ...filters,
                sort: option === (isSearching ? "Relevance" : "Newest") ? undefined : option,
              })}
            />
          ))}
        </div>
      </nav>
      <nav aria-label="Pricing" className="flex items-center gap-2 overflow-x-auto">
        <span className="text-sm font-semibold text-slate-700">Pricing</span>
        <div className="flex gap-1 rounded-xl border border-slate-200 bg-white p-1">
          {PRICING_FILTERS.map((option) => (
            <Option
              key={option}
              label={option}
              isCurrent={option === filters.pricing}
              href={browseHref({ ...filters, pricing: option })}
            />
          ))}
        </div>
      </nav>
    </div>
  );
}
