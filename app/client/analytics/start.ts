import { loadAnalyticsConfig } from "./config";
import { currentConsent, onConsentChange } from "./consent";
import {
  deleteGoogleAnalyticsCookies,
  grantGoogleAnalytics,
  withdrawGoogleAnalytics,
} from "./google-analytics";
import { applyAnalyticsConfig } from "./track";

// Loaded on its own once the page is idle: the configuration fetch and Google Analytics are not
// needed for the page's first paint, so the pages' main scripts do not carry them.

/** What the root loader passes on: the configuration's key and GA4's id, if any. */
export interface AnalyticsSettings {
  key: string;
  gaMeasurementId: string | null;
}

let started = false;

function followConsent(gaMeasurementId: string | null) {
  if (currentConsent() === "granted") {
    if (gaMeasurementId) grantGoogleAnalytics(gaMeasurementId);
  } else if (gaMeasurementId) {
    withdrawGoogleAnalytics(gaMeasurementId);
  } else {
    // Google Analytics' cookies never outlive consent, also one withdrawn before this loaded.
    deleteGoogleAnalyticsCookies();
  }
}

/** Once per page load: Google Analytics as consent says, and the configuration fetch. */
export function startAnalytics({ key, gaMeasurementId }: AnalyticsSettings): void {
  if (started) return;
  started = true;
  followConsent(gaMeasurementId);
  onConsentChange(() => followConsent(gaMeasurementId));
  void loadAnalyticsConfig(key).then(applyAnalyticsConfig);
}
