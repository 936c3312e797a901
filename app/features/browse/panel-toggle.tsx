import type { Ref } from "react";

interface PanelToggleProps {
  title: string;
  panelId: string;
  isExpanded: boolean;
  chosenCount: number;
  onExpandedChange: (isExpanded: boolean) => void;
  buttonRef?: Ref<HTMLButtonElement>;
}

/** The button that opens a filter panel on small screens, with how many of its filters are on. */
export function PanelToggle(props: PanelToggleProps) {
  const { title, panelId, isExpanded, chosenCount, onExpandedChange, buttonRef } = props;
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-expanded={isExpanded}
      aria-controls={panelId}
      onClick={() => onExpandedChange(!isExpanded)}
      className="flex w-full items-center justify-between rounded-xl border border-slate-200 bg-white px-4 py-3 text-left font-semibold text-slate-900 lg:hidden"
    >
      <span>
        {title}
        {chosenCount > 0 && (
          <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">
            {chosenCount} chosen
          </span>
        )}
      </span>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className={`size-5 transition-transform ${isExpanded ? "rotate-180" : ""}`}
        fill="currentColor"
      >
        <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
      </svg>
    </button>
  );
}
