import { Link } from "react-router";
interface CategoryChipsProps {
  label: string;
  items: readonly {
    name: string;
    count: number;
    href: string;
    isCurrent?: boolean;
    isHighlighted?: boolean;
  }[];
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
              className="category-chip"
            >
              {item.name}
              {item.isHighlighted && !item.isCurrent && (
                <span className="sr-only"> (has chosen subcategories)</span>
              )}
              <span className="chip-count">{item.count.toLocaleString("en-US")}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
