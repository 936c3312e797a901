import { createContext, createElement, useContext, useEffect, useRef, useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { loadOnce, useLoadedComponent } from "~/components/use-loaded-component";
import {
  currentConsent,
  isGlobalPrivacyControlOn,
  onConsentChange,
  saveConsent,
  storedConsent,
} from "~/client/analytics/consent";
import { currentPath, track } from "~/client/analytics/track";
import type { ConsentValue } from "~/lib/constants";
import type { loader as rootLoader } from "~/root";

// Decision 006: the banner (a first visit only) and the dialog (when asked) are loaded apart from
// the code every page loads. A first visit starts fetching the banner as this module runs, before
// hydration, so it shows no later than when it was part of every page.
const loadBanner = loadOnce(() => import("./consent-banner"));
if (typeof window !== "undefined" && storedConsent() === null && !isGlobalPrivacyControlOn()) {
  // A failure here is forgotten by loadOnce: the banner's own load tries again when it shows.
  loadBanner().catch(() => {});
}
const loadDialog = () => import("./consent-dialog");

const OpenPreferences = createContext<() => void>(() => {});

/** Opens the cookie preferences dialog (the footer's opener, the banner's third choice). */
export const useOpenConsentPreferences = () => useContext(OpenPreferences);

/** Every client navigation is a page view; the first one names where the visitor came from. */
function usePageViews() {
  const { pathname, search } = useLocation();
  const isFirst = useRef(true);
  useEffect(() => {
    const referrer = isFirst.current ? document.referrer : "";
    isFirst.current = false;
    track({ name: "page_view", path: currentPath(), ...(referrer ? { referrer } : {}) });
  }, [pathname, search]);
}

/**
 * The banner's buttons are gone once a choice is made (also the Choose the dialog returns focus
 * to): focus moves to the page rather than being lost.
 */
function keepFocusInPage() {
  const active = document.activeElement;
  // A closed dialog keeps focus on its button when the element to return to is gone.
  if (!active || active === document.body || active.closest("dialog:not([open])")) {
    document.getElementById("main")?.focus({ preventScroll: true });
  }
}

/**
 * The analytics choice. A first-visit banner, shown only in the browser (the server
 * render is the same for everyone), and the cookie preferences dialog to change it at any time.
 */
export function ConsentHost({ children }: { children: React.ReactNode }) {
  const settings = useRouteLoaderData<typeof rootLoader>("root")?.analytics;
  const [isBannerShown, setIsBannerShown] = useState(false);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [isDialogWanted, setIsDialogWanted] = useState(false);
  const [consent, setConsent] = useState<ConsentValue>("denied");
  const [isGpcOn, setIsGpcOn] = useState(false);

  useEffect(() => {
    if (!settings) return;
    const start = () =>
      void import("~/client/analytics/start").then((module) => module.startAnalytics(settings));
    if ("requestIdleCallback" in window) window.requestIdleCallback(start, { timeout: 10_000 });
    else setTimeout(start, 2_000);
  }, [settings]);
  useEffect(() => {
    /* eslint-disable react-hooks/set-state-in-effect -- the stored choice and GPC exist only in
       the browser, after hydration: the server render is shared by everyone */
    setIsGpcOn(isGlobalPrivacyControlOn());
    setIsBannerShown(storedConsent() === null && !isGlobalPrivacyControlOn());
    /* eslint-enable react-hooks/set-state-in-effect */
    return onConsentChange(setConsent);
  }, []);
  usePageViews();
  const ConsentBanner = useLoadedComponent(loadBanner, isBannerShown);
  const ConsentDialog = useLoadedComponent(loadDialog, isDialogWanted);

  const open = () => {
    setConsent(currentConsent());
    setIsDialogWanted(true);
    setIsDialogOpen(true);
  };
  const choose = (value: ConsentValue) => {
    saveConsent(value);
    // A withdrawal is not recorded: there is no consent to record it under.
    if (value === "granted") {
      track({ name: "consent_update", path: currentPath(), consent: "granted" });
    }
    setIsBannerShown(false);
    setIsDialogOpen(false);
    if (isBannerShown) requestAnimationFrame(keepFocusInPage);
  };

  return (
    <OpenPreferences.Provider value={open}>
      {/* First in the focus order after the skip link: a keyboard reaches the question at once. */}
      {isBannerShown &&
        ConsentBanner &&
        createElement(ConsentBanner, {
          onAccept: () => choose("granted"),
          onReject: () => choose("denied"),
          onChoose: open,
        })}
      {children}
      {ConsentDialog &&
        createElement(ConsentDialog, {
          isOpen: isDialogOpen,
          consent,
          isGpcOn,
          onChoose: choose,
          onClose: () => {
            setIsDialogOpen(false);
            keepFocusInPage();
          },
        })}
    </OpenPreferences.Provider>
  );
}
