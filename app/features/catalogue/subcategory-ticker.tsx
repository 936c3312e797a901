import { useState } from "react";
import { Link } from "react-router";

interface SubcategoryTickerProps {
  items: readonly { name: string; href: string }[];
}

/**
 * spec 2: a slowly moving row of popular subcategories. It pauses under the pointer or keyboard
 * focus and with its pause button, and stands still for people who ask for reduced motion
 * (app.css).
 */
export function SubcategoryTicker({ items }: SubcategoryTickerProps) {
  const [isPaused, setIsPaused] = useState(false);
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
    <div className="flex items-center gap-2">
      <nav
        aria-label="Popular subcategories"
        className="ticker min-w-0 flex-1 overflow-hidden py-1"
        data-paused={isPaused || undefined}
      >
        <div className="ticker-track flex w-max">
          {row(false)}
          {row(true)}
        </div>
      </nav>
      <button
        type="button"
        onClick={() => setIsPaused(!isPaused)}
        aria-pressed={isPaused}
        className="ticker-control shrink-0 rounded-full border border-slate-200 bg-white px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
      >
        {isPaused ? "Play" : "Pause"}
        <span className="sr-only"> the moving subcategories</span>
      </button>
    </div>
  );
}
