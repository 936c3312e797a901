import { useId, useRef } from "react";
import type { CategoryEntry } from "~/lib/category-stats";
import {
  ALL_CATEGORIES,
  MOBILE_SIDEBAR_MAX_HEIGHT_PX,
  SUBCATEGORY_LIST_HEIGHT_PX,
} from "~/lib/constants";
import { NO_SUBCATEGORIES } from "~/lib/messages";
import { PanelToggle } from "./panel-toggle";

interface SubcategorySidebarProps {
  /** Counts of the tools that match the search and pricing filters. */
  facets: readonly CategoryEntry[];
  category: string;
  selected: readonly string[];
  isExpanded: boolean;
  onExpandedChange: (isExpanded: boolean) => void;
  onToggle: (subcategory: string) => void;
}

interface Group {
  category: string;
  items: { name: string; count: number }[];
}

/** The subcategories to offer: the chosen category's, or every category's; chosen ones always. */
function groupsFor(
  facets: readonly CategoryEntry[],
  category: string,
  selected: readonly string[],
) {
  const groups: Group[] = facets
    .filter((entry) => category === ALL_CATEGORIES || entry.name === category)
    .map((entry) => ({ category: entry.name, items: [...entry.subcategories] }))
    .filter((group) => group.items.length > 0);
  const offered = new Set(groups.flatMap((group) => group.items.map((item) => item.name)));
  const missing = selected.filter((name) => !offered.has(name));
  if (missing.length > 0) {
    groups.unshift({ category: "Chosen", items: missing.map((name) => ({ name, count: 0 })) });
  }
  return groups;
}

/**
 * The subcategory sidebar, checkboxes with counts; a collapsible panel on small screens
 * (at most 1000 px high, the list itself 600 px). There, choosing a subcategory closes
 * the panel, so the results follow the toggle, and the keyboard continues from the toggle.
 */
export function SubcategorySidebar(props: SubcategorySidebarProps) {
  const { facets, category, selected, isExpanded, onExpandedChange, onToggle } = props;
  const panelId = useId();
  const toggleButton = useRef<HTMLButtonElement>(null);
  const groups = groupsFor(facets, category, selected);
  const choose = (name: string) => {
    onToggle(name);
    const toggle = toggleButton.current;
    // The toggle shows only where the panel collapses (not beside the list on wide screens).
    if (selected.includes(name) || !toggle?.offsetParent) return;
    onExpandedChange(false);
    toggle.focus();
  };
  return (
    <aside aria-labelledby={`${panelId}-title`} className="lg:w-64 lg:shrink-0">
      <PanelToggle
        title="Subcategories"
        panelId={panelId}
        isExpanded={isExpanded}
        chosenCount={selected.length}
        onExpandedChange={onExpandedChange}
        buttonRef={toggleButton}
      />
      <div
        id={panelId}
        style={{ maxHeight: MOBILE_SIDEBAR_MAX_HEIGHT_PX }}
        className={`mt-2 overflow-hidden rounded-xl border border-slate-200 bg-white p-4 lg:mt-0 lg:block ${isExpanded ? "block" : "hidden"}`}
      >
        {/* On small screens the toggle above already says it. */}
        <h2
          id={`${panelId}-title`}
          className="hidden text-sm font-semibold text-slate-900 lg:block"
        >
          Subcategories
        </h2>
        {groups.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{NO_SUBCATEGORIES}</p>
        ) : (
          <div
            style={{ maxHeight: SUBCATEGORY_LIST_HEIGHT_PX }}
            className="overflow-y-auto pr-1 lg:mt-3"
          >
            {groups.map((group) => (
              <fieldset key={group.category} className="mb-4 last:mb-0">
                <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  {group.category}
                </legend>
                <ul>
                  {group.items.map((item) => (
                    <li key={item.name}>
                      <label className="subcategory-option">
                        <input
                          type="checkbox"
                          checked={selected.includes(item.name)}
                          onChange={() => choose(item.name)}
                        />
                        {item.name}
                        <span>{item.count}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            ))}
          </div>
        )}
      </div>
    </aside>
  );
}
