import { useEffect, type RefObject } from "react";

/**
 * A bar fixed at the bottom of the window (the consent banner, the compare tray) covers the end
 * of the page: while it shows, the page ends that much lower, so its last lines (the footer) can
 * be scrolled above it, and an element the keyboard focuses is scrolled clear of it. Each bar
 * keeps its own height in a custom property on <html>, kept in step as it wraps or expands;
 * app.css adds them up, so bars stacked one above the other reserve room for both.
 */
export function useReserveRoomBelowPage(
  ref: RefObject<HTMLElement | null>,
  property: "--consent-bar-height" | "--compare-bar-height",
) {
  useHeightProperty(ref, property);
}

/**
 * Keeps an element's height in a custom property on <html> while it shows (removed after), such
 * as a sticky bar's, for app.css to keep focused elements clear of it.
 */
export function useHeightProperty(
  ref: RefObject<HTMLElement | null>,
  property: `--${string}-height`,
  isShown = true,
) {
  useEffect(() => {
    if (!isShown) return;
    const bar = ref.current;
    if (!bar) return;
    const { style } = document.documentElement;
    const reserve = () =>
      style.setProperty(property, `${Math.ceil(bar.getBoundingClientRect().height)}px`);
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(bar, { box: "border-box" });
    return () => {
      observer.disconnect();
      style.removeProperty(property);
    };
  }, [ref, property, isShown]);
}
