import { Link } from "react-router";
import { Marquee } from "./marquee";

interface ChipTickerProps {
  label: string;
  items: readonly { name: string; href: string }[];
}

/** The subcategory ticker, a moving row of linked chips. */
export function ChipTicker({ label, items }: ChipTickerProps) {
  if (items.length === 0) return null;
  return (
    <Marquee label={label} direction="horizontal" pauseLabel="the moving subcategories">
      {(isCopy) => (
        <ul className="flex shrink-0 gap-2 pr-2">
          {items.map((item) => (
            <li key={item.href}>
              <Link to={item.href} tabIndex={isCopy ? -1 : undefined} className="ticker-chip">
                {item.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Marquee>
  );
}
