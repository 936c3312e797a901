import { useState } from "react";
import { useIsMotionAllowed } from "./use-reduced-motion";

interface MarqueeProps {
  /** Names the moving region for screen readers. */
  label: string;
  direction: "horizontal" | "vertical";
  /** Class of the visible window (its size). */
  className?: string;
  /** What the pause button says after Pause or Play. */
  pauseLabel: string;
  /** Renders the content; a second, hidden copy makes the loop seamless. */
  children: (isCopy: boolean) => React.ReactNode;
}

/**
 * Content that slides slowly in a loop (the subcategory ticker). It pauses under the pointer, with
 * keyboard focus inside and with its pause button, and stands still, scrollable instead, for
 * people who ask for reduced motion (app.css). The hidden copy that closes the loop is added in
 * the browser once it may move: the server sends the content once, and so does a page that
 * never runs its scripts, which shows it standing still.
 */
export function Marquee({ label, direction, className, pauseLabel, children }: MarqueeProps) {
  const [isPaused, setIsPaused] = useState(false);
  const isLooping = useIsMotionAllowed();
  const isVertical = direction === "vertical";
  return (
    <div className={`flex gap-2 ${isVertical ? "flex-col" : "items-center"}`}>
      <div
        role="region"
        aria-label={label}
        data-looping={isLooping || undefined}
        data-paused={isPaused || undefined}
        className={`marquee overflow-hidden ${isVertical ? "marquee-vertical" : "min-w-0 flex-1 py-1"} ${className ?? ""}`}
      >
        <div className={`marquee-track flex ${isVertical ? "flex-col" : "w-max"}`}>
          {children(false)}
          {isLooping && (
            <div aria-hidden="true" className={`flex ${isVertical ? "flex-col" : ""}`} inert>
              {children(true)}
            </div>
          )}
        </div>
      </div>
      <button
        type="button"
        onClick={() => setIsPaused(!isPaused)}
        aria-pressed={isPaused}
        className={`marquee-control shrink-0 rounded-full border border-slate-200 bg-white px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 ${isVertical ? "self-end" : ""}`}
      >
        Pause<span className="sr-only"> {pauseLabel}</span>
      </button>
    </div>
  );
}
