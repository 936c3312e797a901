import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useNavigationType } from "react-router";
import { BROWSE_PATH } from "~/lib/paths";
import type { ToolCard } from "~/lib/tool";
import { browseQueryHref, type BrowseFilters } from "./browse-href";
import {
  clearSavedState,
  readSavedFilters,
  readSidebarExpanded,
  saveFilters,
  saveSidebarExpanded,
  saveSnapshot,
  takeSnapshot,
} from "./browse-storage";

// Whether a browse page has been shown in this document yet. The first one, reached by loading
// the document rather than by a link inside the site, is a fresh visit.
let hasShownBrowsePage = false;

interface ShownList {
  tools: ToolCard[];
  total: number;
  restore: (tools: ToolCard[], total: number) => void;
}

/**
 * spec 4, the browse state the browser keeps (browse-storage.ts):
 * - Back from a tool within 5 minutes brings back the list as it was, and its scroll position.
 * - A bare /ai-tools opened afresh (typed, bookmarked, linked from elsewhere) takes the filters
 *   saved in this browser. Links inside the site mean what they say and are never redirected.
 * - Every listing's filters are saved; Reset forgets everything.
 */
export function useBrowseMemory(key: string, filters: BrowseFilters, list: ShownList) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const [isSidebarExpanded, setIsSidebarExpanded] = useState(false);
  // Where to scroll once the restored list is on the page, and how long that list is.
  const scrollTo = useRef<{ y: number; count: number } | null>(null);

  const isMounted = useRef(false);
  /* eslint-disable react-hooks/set-state-in-effect -- browser storage exists only after hydration */
  useEffect(() => {
    if (!isMounted.current) {
      isMounted.current = true;
      const isFirstInDocument = !hasShownBrowsePage;
      hasShownBrowsePage = true;
      setIsSidebarExpanded(readSidebarExpanded(localStorage));
      const snapshot =
        navigationType === "POP" ? takeSnapshot(sessionStorage, key, Date.now()) : null;
      if (snapshot) {
        const tools = snapshot.tools.slice(0, snapshot.visibleCount);
        list.restore(tools, snapshot.total);
        setIsSidebarExpanded(snapshot.sidebarExpanded);
        scrollTo.current = { y: snapshot.scrollY, count: tools.length };
        return;
      }
      const isFreshVisit =
        isFirstInDocument &&
        navigationType === "POP" &&
        location.pathname === BROWSE_PATH &&
        !location.search;
      const saved = isFreshVisit && readSavedFilters(localStorage);
      if (saved) {
        void navigate(browseQueryHref(saved), { replace: true });
        return;
      }
    }
    saveFilters(localStorage, filters);
    // Runs once per listing; `filters` and `location` come from the same URL as `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  /* eslint-enable react-hooks/set-state-in-effect */

  useEffect(() => {
    if (scrollTo.current === null || list.tools.length < scrollTo.current.count) return;
    window.scrollTo(0, scrollTo.current.y);
    scrollTo.current = null;
  });

  return {
    isSidebarExpanded,
    setSidebarExpanded(isExpanded: boolean) {
      setIsSidebarExpanded(isExpanded);
      saveSidebarExpanded(localStorage, isExpanded);
    },
    /** Called as a tool opens: the list to come back to. */
    rememberList() {
      saveSnapshot(sessionStorage, localStorage, {
        url: key,
        tools: list.tools,
        total: list.total,
        filters,
        visibleCount: list.tools.length,
        scrollY: window.scrollY,
        sidebarExpanded: isSidebarExpanded,
        savedAt: Date.now(),
      });
    },
    forgetEverything() {
      clearSavedState(sessionStorage, localStorage);
    },
  };
}
