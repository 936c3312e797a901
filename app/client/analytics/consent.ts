import { ANALYTICS_CONSENT_KEY, type ConsentValue } from "~/lib/constants";

// Analytics consent, denied unless the visitor allowed it. The browser's Global
// Privacy Control overrides any stored choice.

/** The last good analytics configuration: kept only while consent is granted. */
export const ANALYTICS_CONFIG_KEY = "analytics_config";

type ConsentListener = (consent: ConsentValue) => void;
const listeners = new Set<ConsentListener>();
/** The choice made on this page when storage is blocked. */
let pageChoice: ConsentValue | null = null;

export function isGlobalPrivacyControlOn(): boolean {
  return (
    typeof navigator !== "undefined" &&
    (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true
  );
}

/** The choice the visitor made, null before they made one. */
export function storedConsent(): ConsentValue | null {
  try {
    const stored = window.localStorage.getItem(ANALYTICS_CONSENT_KEY);
    if (stored === "granted" || stored === "denied") return stored;
  } catch {
    // Storage blocked: only this page's choice counts.
  }
  return pageChoice;
}

/** Granted only when the visitor allowed analytics and the browser does not ask for privacy. */
export function currentConsent(): ConsentValue {
  if (typeof window === "undefined" || isGlobalPrivacyControlOn()) return "denied";
  return storedConsent() === "granted" ? "granted" : "denied";
}

export function saveConsent(value: ConsentValue): void {
  pageChoice = value;
  try {
    window.localStorage.setItem(ANALYTICS_CONSENT_KEY, value);
  } catch {
    // Storage can be blocked; the choice then lasts for this page only.
  }
  if (value === "denied") {
    try {
      window.localStorage.removeItem(ANALYTICS_CONFIG_KEY);
    } catch {
      // Nothing could have been stored either.
    }
  }
  for (const listener of listeners) listener(currentConsent());
}

/** Called after every choice, with the consent now in force. */
export function onConsentChange(listener: ConsentListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
