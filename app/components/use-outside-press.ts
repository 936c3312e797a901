import { useEffect, useRef } from "react";
import { OUTSIDE_CLICK_TOUCH_THRESHOLD_PX } from "~/lib/constants";

interface Point {
  x: number;
  y: number;
}

/** A touch that moves more than 30 px is a scroll, not a click. */
export function isTouchTap(start: Point, end: Point): boolean {
  return Math.hypot(end.x - start.x, end.y - start.y) <= OUTSIDE_CLICK_TOUCH_THRESHOLD_PX;
}

interface OutsidePressOptions {
  isActive: boolean;
  /** Whether an event's target lies outside what stays open (a dialog's backdrop, past a menu). */
  isOutside: (target: EventTarget | null) => boolean;
  onOutsidePress: () => void;
}

/**
 * Calls `onOutsidePress` for a press that starts and ends outside: a primary mouse or pen button
 * pressed and released there (a text selection dragged out of a dialog is not one), or a touch
 * that stays within 30 px of where it began (one that moves further is a scroll). Touches are read
 * as touch events, which end also when the browser took the gesture for a scroll (its pointer
 * events are cancelled then).
 */
export function useOutsidePress({ isActive, isOutside, onOutsidePress }: OutsidePressOptions) {
  const latest = useRef({ isOutside, onOutsidePress });
  useEffect(() => {
    latest.current = { isOutside, onOutsidePress };
  });

  useEffect(() => {
    if (!isActive) return;
    let pressedOutside = false;
    let touchStart: Point | null = null;
    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType === "touch") return;
      pressedOutside = event.button === 0 && latest.current.isOutside(event.target);
    };
    const onPointerUp = (event: PointerEvent) => {
      if (event.pointerType === "touch") return;
      const isPress =
        pressedOutside && event.button === 0 && latest.current.isOutside(event.target);
      pressedOutside = false;
      if (isPress) latest.current.onOutsidePress();
    };
    const onTouchStart = (event: TouchEvent) => {
      const touch = event.touches.length === 1 ? event.touches[0] : undefined;
      touchStart =
        touch && latest.current.isOutside(event.target)
          ? { x: touch.clientX, y: touch.clientY }
          : null;
    };
    const onTouchEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      const start = touchStart;
      touchStart = null;
      if (start && touch && isTouchTap(start, { x: touch.clientX, y: touch.clientY })) {
        // The tap only closes: its click would land on what was behind once it is gone.
        if (event.cancelable) event.preventDefault();
        latest.current.onOutsidePress();
      }
    };
    const onTouchCancel = () => {
      touchStart = null;
    };
    const listeners = [
      ["pointerdown", onPointerDown],
      ["pointerup", onPointerUp],
      ["touchstart", onTouchStart],
      ["touchend", onTouchEnd],
      ["touchcancel", onTouchCancel],
    ] as const;
    for (const [type, listener] of listeners) {
      const passive = type !== "touchend";
      document.addEventListener(type, listener as EventListener, { capture: true, passive });
    }
    return () => {
      for (const [type, listener] of listeners) {
        document.removeEventListener(type, listener as EventListener, { capture: true });
      }
    };
  }, [isActive]);
}
