import { Link } from "react-router";
import { isUsableSearch, PRICING_FILTERS, SORT_OPTIONS, type SortOption } from "~/lib/constants";
import { browseHref, type BrowseFilters } from "./browse-href";
import { useSubcategoryPages } from "./subcategory-pages";

interface SortAndPricingProps {
  filters: BrowseFilters;
  /** The order in use (Relevance while searching unless another was chosen). */
  sort: SortOption;
}

interface OptionProps {
  href: string;
  isCurrent: boolean;
  label: string;
  isDisabled?: boolean;
}

function Option({ href, isCurrent, label, isDisabled }: OptionProps) {
  if (isDisabled) {
    return (
      <span
        aria-disabled="true"
        title="Search first to sort by relevance"
        className="inline-flex min-h-9 cursor-not-allowed items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap text-slate-400"
      >
        {label}
      </span>
    );
  }
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

/** A labelled row of options: the sort buttons, or the pricing buttons. */
function OptionGroup(props: { label: string; title: string; children: React.ReactNode }) {
  return (
    <nav aria-label={props.label} className="flex items-start gap-2">
      <span className="mt-3 w-14 shrink-0 text-sm font-semibold text-slate-700 lg:w-auto">
        {props.title}
      </span>
      <div className="flex flex-wrap gap-1 rounded-xl border border-slate-200 bg-white p-1">
        {props.children}
      </div>
    </nav>
  );
}

/** The sort buttons and the pricing buttons. */
export function SortAndPricing({ filters, sort }: SortAndPricingProps) {
  const isSearching = isUsableSearch(filters.search);
  const subcategoryPages = useSubcategoryPages();
  const href = (changes: Partial<BrowseFilters>) =>
    browseHref({ ...filters, ...changes }, { subcategoryPages });
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
      <OptionGroup label="Sort by" title="Sort">
        {SORT_OPTIONS.map((option) => (
          <Option
            key={option}
            label={option}
            isCurrent={option === sort}
            // Relevance is the default while searching; without a search it orders newest first.
            href={href({
              sort: option === (isSearching ? "Relevance" : "Newest") ? undefined : option,
            })}
            // Relevance needs a search to be relevant to.
            isDisabled={option === "Relevance" && !isSearching}
          />
        ))}
      </OptionGroup>
      <OptionGroup label="Pricing" title="Pricing">
        {PRICING_FILTERS.map((option) => (
          <Option
            key={option}
            label={option}
            isCurrent={option === filters.pricing}
            href={href({ pricing: option })}
          />
        ))}
      </OptionGroup>
    </div>
  );
}
