import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useReducedMotion } from "~/components/use-reduced-motion";
import { CAROUSEL_FADE_MS, CAROUSEL_INTERVAL_MS } from "~/lib/constants";
import { toolPath } from "~/lib/paths";
import { plural, type TopTool } from "~/lib/tool";

interface TopToolsCarouselProps {
  tools: readonly TopTool[];
  /** The tools are the newest, not the most liked (when no tool has likes yet). */
  isFallback: boolean;
}

/**
 * The 500 ms fade is the old slide fading out in its first half and the new one fading in in
 * its second: two texts never show on top of each other. Reduced motion changes at once.
 */
function slideTransition(isShown: boolean, isReduced: boolean): React.CSSProperties {
  const half = isReduced ? 0 : CAROUSEL_FADE_MS / 2;
  return { transitionDuration: `${half}ms`, transitionDelay: `${isShown ? half : 0}ms` };
}

/**
 * The top tools, one at a time, moving on every 10 s with a 500 ms fade. It stops
 * under the pointer, while keyboard focus is inside, with its Pause button, and for people who
 * ask for reduced motion; the other buttons move it by hand.
 */
export function TopToolsCarousel({ tools, isFallback }: TopToolsCarouselProps) {
  const [shown, setShown] = useState(0);
  const [isHovered, setIsHovered] = useState(false);
  const [isFocused, setIsFocused] = useState(false);
  const [isPaused, setIsPaused] = useState(false);
  const isReduced = useReducedMotion();
  const isRunning = !isHovered && !isFocused && !isPaused && !isReduced && tools.length > 1;

  useEffect(() => {
    if (!isRunning) return;
    const timer = setInterval(
      () => setShown((current) => (current + 1) % tools.length),
      CAROUSEL_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [isRunning, tools.length]);

  const go = (index: number) => setShown((index + tools.length) % tools.length);
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Top tools"
      onMouseEnter={() => setIsHovered(true)}
      onMouseLeave={() => setIsHovered(false)}
      onFocus={() => setIsFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setIsFocused(false);
      }}
      className="rounded-2xl border border-slate-200 bg-slate-50 p-5"
    >
      <div className="grid" aria-live={isRunning ? "off" : "polite"}>
        {tools.map((tool, index) => {
          const isShown = index === shown;
          return (
            <div
              key={tool.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${tools.length}`}
              aria-hidden={!isShown}
              inert={!isShown}
              style={slideTransition(isShown, isReduced)}
              className={`[grid-area:1/1] transition-opacity ${isShown ? "opacity-100" : "opacity-0"}`}
            >
              <p className="text-sm font-semibold text-brand-700">
                {isFallback ? "Recently added" : `#${index + 1} most liked`}
              </p>
              <h4 className="mt-1 text-xl font-bold text-slate-950">
                <Link to={toolPath(tool)} className="hover:underline">
                  {tool.name}
                </Link>
              </h4>
              <p className="mt-1 text-sm text-slate-600">
                {tool.category ?? "Uncategorized"}
                {!isFallback && ` · ${plural(tool.likesTotal, "like")}`}
              </p>
              <p className="mt-3 line-clamp-2 text-slate-700">{tool.cardDescription}</p>
            </div>
          );
        })}
      </div>
      {tools.length > 1 && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <div className="flex gap-1.5">
            {tools.map((tool, index) => (
              <button
                key={tool.id}
                type="button"
                onClick={() => go(index)}
                aria-label={`Show top tool ${index + 1}: ${tool.name}`}
                aria-current={index === shown ? "true" : undefined}
                className="flex size-6 items-center justify-center"
              >
                <span
                  className={`block size-2.5 rounded-full ${index === shown ? "bg-brand-700" : "bg-slate-300"}`}
                />
              </button>
            ))}
          </div>
          <div className="flex gap-2">
            {!isReduced && (
              <button
                type="button"
                onClick={() => setIsPaused(!isPaused)}
                aria-pressed={isPaused}
                className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
              >
                Pause<span className="sr-only"> the top tools</span>
              </button>
            )}
            <button
              type="button"
              onClick={() => go(shown - 1)}
              className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
            >
              Previous
            </button>
            <button
              type="button"
              onClick={() => go(shown + 1)}
              className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
            >
              Next
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
