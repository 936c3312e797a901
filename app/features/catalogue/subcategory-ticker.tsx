import { Link } from "react-router";

interface SubcategoryTickerProps {
  items: readonly { name: string; href: string }[];
}

/**
 * spec 2: a slowly moving row of popular subcategories. It pauses under the pointer or keyboard
 * focus, and stands still for people who ask for reduced motion (app.css).
 */
export function SubcategoryTicker({ items }: SubcategoryTickerProps) {
  if (items.length === 0) return null;
  const row = (isCopy: boolean) => (
    <ul className="flex shrink-0 gap-2 pr-2" aria-hidden={isCopy || undefined}>
      {items.map((item) => (
        <li key={item.href}>
          <Link
            to={item.href}
            tabIndex={isCopy ? -1 : undefined}
            className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium whitespace-nowrap text-brand-800 hover:bg-brand-100"
          >
            {item.name}
          </Link>
        </li>
      ))}
    </ul>
  );
  return (
    <nav aria-label="Popular subcategories" className="ticker overflow-hidden">
      <div className="ticker-track flex w-max">
        {row(false)}
        {row(true)}
      </div>
    </nav>
  );
}
