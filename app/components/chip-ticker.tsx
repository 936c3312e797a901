import { Marquee } from "./marquee";
import { useListNavigation } from "./use-list-navigation";

interface ChipTickerProps {
  label: string;
  items: readonly { name: string; href: string }[];
}

/** spec 2: the subcategory ticker, a moving row of linked chips. */
export function ChipTicker({ label, items }: ChipTickerProps) {
  const onClick = useListNavigation();
  if (items.length === 0) return null;
  return (
    <Marquee label={label} direction="horizontal" pauseLabel="the moving subcategories">
      {(isCopy) => (
        <ul className="flex shrink-0 gap-2 pr-2" onClick={onClick}>
          {items.map((item) => (
            <li key={item.href}>
              <a
                href={item.href}
                data-discover="true"
                tabIndex={isCopy ? -1 : undefined}
                className="ticker-chip"
              >
                {item.name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </Marquee>
  );
}
