// Google Analytics 4, only with GA_MEASUREMENT_ID set and only after consent. Consent
// Mode's defaults (everything denied but security storage) reach the data layer before gtag.js
// is added, so the script never runs without them.

export const GTAG_ORIGIN = "https://www.googletagmanager.com";
/** Google Analytics' cookies: _ga, _ga_<container>, _gid. */
const GA_COOKIE = /^(_ga|_ga_.+|_gid)$/;

/** The parts of window and document the loader touches (a fake in unit tests). */
export interface GaHost {
  window: { dataLayer?: unknown[]; [disable: `ga-disable-${string}`]: boolean | undefined };
  document: {
    cookie: string;
    head: { appendChild(node: unknown): unknown };
    createElement(tag: "script"): { async: boolean; src: string };
    location: { hostname: string };
  };
}

const browserHost = (): GaHost => ({
  window: window as unknown as GaHost["window"],
  document: document as unknown as GaHost["document"],
});

function gtag(host: GaHost, ...command: unknown[]) {
  host.window.dataLayer ??= [];
  // gtag.js reads each command as an Arguments object, not as an array.
  (function push(..._command: unknown[]) {
    // eslint-disable-next-line prefer-rest-params -- gtag.js needs the Arguments object itself
    host.window.dataLayer!.push(arguments);
  })(...command);
}

const loaded = new WeakSet<object>();

/** Loads gtag.js once (defaults first, then the script, then the grant), or grants again. */
export function grantGoogleAnalytics(id: string, host: GaHost = browserHost()): void {
  host.window[`ga-disable-${id}`] = false;
  if (!loaded.has(host.window)) {
    loaded.add(host.window);
    gtag(host, "consent", "default", {
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      analytics_storage: "denied",
      security_storage: "granted",
    });
    gtag(host, "js", new Date());
    gtag(host, "config", id);
    const script = host.document.createElement("script");
    script.async = true;
    script.src = `${GTAG_ORIGIN}/gtag/js?id=${encodeURIComponent(id)}`;
    host.document.head.appendChild(script);
  }
  gtag(host, "consent", "update", { analytics_storage: "granted" });
}

/** The host and each parent domain a cookie may have been set on. */
function cookieDomains(hostname: string): string[] {
  const labels = hostname.split(".");
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join("."));
}

/** Deletes Google Analytics' cookies on the host and its parent domains. */
export function deleteGoogleAnalyticsCookies(host: GaHost = browserHost()): void {
  const names = host.document.cookie
    .split(";")
    .map((pair) => pair.split("=")[0]!.trim())
    .filter((name) => GA_COOKIE.test(name));
  const expired = "Max-Age=0; Path=/";
  for (const name of names) {
    host.document.cookie = `${name}=; ${expired}`;
    for (const domain of cookieDomains(host.document.location.hostname)) {
      host.document.cookie = `${name}=; ${expired}; Domain=${domain}`;
    }
  }
}

/** Withdrawal: Consent Mode denies analytics storage, gtag.js stops, its cookies go. */
export function withdrawGoogleAnalytics(id: string, host: GaHost = browserHost()): void {
  if (loaded.has(host.window)) gtag(host, "consent", "update", { analytics_storage: "denied" });
  host.window[`ga-disable-${id}`] = true;
  deleteGoogleAnalyticsCookies(host);
}
