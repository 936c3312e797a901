import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useNavigationType } from "react-router";
import type { CategoryEntry } from "~/lib/category-stats";
import { ALL_CATEGORIES } from "~/lib/constants";
import { BROWSE_PATH } from "~/lib/paths";
import type { ToolCard } from "~/lib/tool";
import { browseHref, type BrowseFilters } from "./browse-href";
import {
  clearSavedState,
  findSnapshot,
  readSavedFilters,
  readSidebarExpanded,
  saveFilters,
  saveSidebarExpanded,
  saveSnapshot,
} from "./browse-storage";
import { isReturnFromTool } from "./return-from-tool";

// Whether a browse page has been shown in this document yet. The first one, reached by loading
// the document rather than by a link inside the site, is a fresh visit.
let hasShownBrowsePage = false;

interface ShownList {
  tools: ToolCard[];
  total: number;
  restore: (tools: ToolCard[], total: number) => void;
}

/**
 * The browse state the browser keeps (browse-storage.ts):
 * - A return from a tool page, whichever way (Back, the breadcrumb, the header's Browse Tools),
 *   and Back (or Forward) from another listing, to a listing seen in the last 5 minutes brings
 *   it back as it was: the same cards, the scroll position, the sidebar. The cards and the
 *   scroll position come back together, before the page is painted.
 * - A bare /ai-tools opened afresh (typed, bookmarked, linked from elsewhere), or reached from
 *   a tool page with no fresh snapshot, takes the filters saved in this browser. Other links
 *   inside the site mean what they say and are never redirected.
 * - Every listing's filters are saved; Reset forgets everything.
 */
export function useBrowseMemory(
  key: string,
  filters: BrowseFilters,
  list: ShownList,
  categories: readonly CategoryEntry[],
) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const [isSidebarExpanded, setIsSidebarExpanded] = useState(false);
  // Where to scroll once the restored list is on the page, and how long that list is.
  const scrollTo = useRef<{ y: number; count: number } | null>(null);

  // What to remember of this listing when it is left: kept current on every render and scroll.
  const current = useRef({ tools: list.tools, total: list.total, isSidebarExpanded, scrollY: 0 });
  useEffect(() => {
    current.current = {
      ...current.current,
      tools: list.tools,
      total: list.total,
      isSidebarExpanded,
    };
  });
  useEffect(() => {
    // Only while the address is still this listing's: leaving it may scroll the window to the top.
    const track = () => {
      if (`${window.location.pathname}${window.location.search}` === key) {
        current.current.scrollY = window.scrollY;
      }
    };
    track();
    window.addEventListener("scroll", track, { passive: true });
    return () => window.removeEventListener("scroll", track);
  }, [key]);

  const remember = (url: string, scrollY: number) => {
    const { tools, total } = current.current;
    saveSnapshot(sessionStorage, localStorage, {
      url,
      tools,
      total,
      filters,
      visibleCount: tools.length,
      scrollY,
      sidebarExpanded: current.current.isSidebarExpanded,
      savedAt: Date.now(),
    });
  };

  const isMounted = useRef(false);
  /* eslint-disable react-hooks/set-state-in-effect -- browser storage exists only after hydration */
  // Before paint: a restored list is drawn at once with its scroll position (below).
  useLayoutEffect(() => {
    const isFirstInDocument = !hasShownBrowsePage;
    const isFromTool = isReturnFromTool();
    hasShownBrowsePage = true;
    if (!isMounted.current) {
      isMounted.current = true;
      setIsSidebarExpanded(readSidebarExpanded(localStorage));
    }
    const snapshot =
      navigationType === "POP" || isFromTool ? findSnapshot(sessionStorage, key, Date.now()) : null;
    if (snapshot) {
      const tools = snapshot.tools.slice(0, snapshot.visibleCount);
      list.restore(tools, snapshot.total);
      setIsSidebarExpanded(snapshot.sidebarExpanded);
      scrollTo.current = { y: snapshot.scrollY, count: tools.length };
    } else if (
      ((isFirstInDocument && navigationType === "POP") || isFromTool) &&
      location.pathname === BROWSE_PATH &&
      !location.search
    ) {
      const saved = readSavedFilters(localStorage);
      if (saved) {
        const isKnown = categories.some((category) => category.name === saved.category);
        const category = isKnown ? saved.category : ALL_CATEGORIES;
        void navigate(browseHref({ ...saved, category }), { replace: true });
        return;
      }
    }
    saveFilters(localStorage, filters);
    // Leaving for another listing: remember this one as it is now.
    return () => remember(key, current.current.scrollY);
    // Runs once per listing; `filters`, `location` and `categories` come with `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  /* eslint-enable react-hooks/set-state-in-effect */

  useLayoutEffect(() => {
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
    /** Called as a tool opens: the list to come back to, where it is scrolled now. */
    rememberList() {
      remember(key, window.scrollY);
    },
    forgetEverything() {
      clearSavedState(sessionStorage, localStorage);
    },
  };
}
