import { loadAnalyticsConfig } from "./config";
import { currentConsent, onConsentChange } from "./consent";
import {
  deleteGoogleAnalyticsCookies,
  grantGoogleAnalytics,
  withdrawGoogleAnalytics,
} from "./google-analytics";
import { applyAnalyticsConfig, currentPath, track } from "./track";

/** What the root loader passes on: the configuration's key and GA4's id, if any. */
export interface AnalyticsSettings {
  key: string;
  gaMeasurementId: string | null;
}

let started = false;

function whenIdle(task: () => void) {
  if ("requestIdleCallback" in window) window.requestIdleCallback(task, { timeout: 10_000 });
  else setTimeout(task, 2_000);
}

/**
 * Once per page load, in the browser: Google Analytics if consent was given before, its removal
 * when consent is withdrawn, and the configuration fetched once the page is idle.
 */
export function startAnalytics({ key, gaMeasurementId }: AnalyticsSettings): void {
  if (started) return;
  started = true;
  if (gaMeasurementId && currentConsent() === "granted") grantGoogleAnalytics(gaMeasurementId);
  onConsentChange((consent) => {
    if (consent === "granted") {
      track({ name: "consent_update", path: currentPath(), consent: "granted" });
      if (gaMeasurementId) grantGoogleAnalytics(gaMeasurementId);
    } else if (gaMeasurementId) {
      withdrawGoogleAnalytics(gaMeasurementId);
    } else {
      deleteGoogleAnalyticsCookies();
    }
  });
  whenIdle(() => void loadAnalyticsConfig(key).then(applyAnalyticsConfig));
}
