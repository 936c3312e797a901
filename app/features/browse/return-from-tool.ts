import { useLayoutEffect } from "react";
import { BROWSE_PATH } from "~/lib/paths";
import { newestSnapshot } from "./browse-storage";

// Coming back from a tool page brings back the listing as it was (its snapshot, while
// less than 5 minutes old), whichever way: Back, the breadcrumb or the header's Browse Tools.

let isToolPageShown = false;
let hasJustLeftToolPage = false;

/** Shown beside a tool page: marks it as the page shown, and its leaving as a return. */
export function ToolPagePresence() {
  useLayoutEffect(() => {
    isToolPageShown = true;
    return () => {
      isToolPageShown = false;
      // The listing taking the page's place reads this in the same commit, before the microtask.
      hasJustLeftToolPage = true;
      queueMicrotask(() => {
        hasJustLeftToolPage = false;
      });
    };
  }, []);
  return null;
}

/** Whether the page just replaced by the listing now shown was a tool page. */
export function isReturnFromTool(): boolean {
  return hasJustLeftToolPage;
}

/**
 * A plain /ai-tools reached from a tool page stands for the listing the tool was opened from:
 * its address, while its snapshot is fresh, or null to show /ai-tools as asked.
 */
export function listingToReturnTo(url: URL, now: number): string | null {
  if (!isToolPageShown || url.pathname !== BROWSE_PATH || url.search) return null;
  const snapshot = newestSnapshot(sessionStorage, now);
  return snapshot && snapshot.url !== BROWSE_PATH ? snapshot.url : null;
}
