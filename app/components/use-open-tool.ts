import { useRef } from "react";
import { useNavigate } from "react-router";
import { recordView } from "~/client/api/client";
import { VIEW_ERROR_TOAST_MS } from "~/lib/constants";
import { VIEW_FAILED } from "~/lib/messages";
import { useToast } from "./toast";

const VIEW_TIMEOUT_MS = 2_000;

/** What travels in navigation state to a tool page (scroll position is passed along). */
export interface ToolNavigationState {
  scrollY: number;
}

export function isToolNavigation(state: unknown): state is ToolNavigationState {
  return typeof (state as ToolNavigationState | null)?.scrollY === "number";
}

/**
 * Opening a tool records a view first (POST /api/tools/:id/views). If that fails,
 * the spec's message shows and the tool opens anyway. Clicks that open a new tab or window are
 * left to the browser.
 */
export function useOpenTool() {
  const navigate = useNavigate();
  const toast = useToast();
  const isOpening = useRef(false);
  return (event: React.MouseEvent<HTMLAnchorElement>, toolId: string, beforeOpen?: () => void) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    // A double click opens the tool once.
    if (isOpening.current) return;
    isOpening.current = true;
    const href = event.currentTarget.getAttribute("href") ?? "/";
    const from = window.location.href;
    const state: ToolNavigationState = { scrollY: window.scrollY };
    beforeOpen?.();
    recordView(toolId, AbortSignal.timeout(VIEW_TIMEOUT_MS))
      .catch(() => toast({ message: VIEW_FAILED, tone: "error", durationMs: VIEW_ERROR_TOAST_MS }))
      .finally(() => {
        isOpening.current = false;
        // Someone who went elsewhere while the view was recorded stays where they went.
        if (window.location.href === from) void navigate(href, { state });
      });
  };
}
