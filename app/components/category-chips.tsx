import { Link } from "react-router";
import type { TaxonomyEntry } from "~/lib/category-stats";

interface CategoryChipsProps {
  label: string;
  items: readonly (TaxonomyEntry & {
    href: string;
    isCurrent?: boolean;
    isHighlighted?: boolean;
  })[];
}

/** A wrapping row of linked chips with counts. */
export function CategoryChips({ label, items }: CategoryChipsProps) {
  return (
    <nav aria-label={label}>
      {/* One scrolling row on phones, so the tools are not pushed far down; wrapped rows above. */}
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0">
        {items.map((item) => (
          <li key={item.href} className="shrink-0">
            <Link
              to={item.href}
              aria-current={item.isCurrent ? "page" : undefined}
              data-highlighted={item.isHighlighted || undefined}
              className={`inline-flex items-center gap-2 rounded-full border px-3.5 py-1.5 text-sm font-medium transition ${
                item.isCurrent
                  ? "border-brand-700 bg-brand-700 text-white"
                  : item.isHighlighted
                    ? "border-brand-500 bg-brand-50 text-brand-800 ring-1 ring-brand-500"
                    : "border-slate-200 bg-white text-slate-800 hover:border-brand-200 hover:bg-brand-50"
              }`}
            >
              {item.name}
              {item.isHighlighted && !item.isCurrent && (
                <span className="sr-only"> (has chosen subcategories)</span>
              )}
              <span
                className={`rounded-full px-1.5 text-xs ${item.isCurrent ? "bg-white/20" : "bg-slate-100 text-slate-600"}`}
              >
                {item.count.toLocaleString("en-US")}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
