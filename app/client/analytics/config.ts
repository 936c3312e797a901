import {
  BACKOFF_BASE_MS,
  CONFIG_FETCH_TIMEOUT_MS,
  DEFAULT_ANALYTICS_CONFIG,
  MAX_BACKOFF_MS,
  RETRIED_STATUSES,
  RETRY_LIMIT_ON_503,
  readAnalyticsConfig,
  RETRY_LIMIT_OTHER,
  type AnalyticsConfig,
} from "~/lib/analytics";
import { getAnalyticsConfig } from "../api/client";
import { ApiError } from "../api/request";
import { retryWithBackoff, type BackoffPolicy } from "../retry-with-backoff";
import { ANALYTICS_CONFIG_KEY, currentConsent } from "./consent";

/** 429, 500, 503 and 504 are retried; the network, a timeout, 400 or 401 not. */
export const CONFIG_FETCH_POLICY: BackoffPolicy = {
  timeoutMs: CONFIG_FETCH_TIMEOUT_MS,
  baseMs: BACKOFF_BASE_MS,
  maxBackoffMs: MAX_BACKOFF_MS,
  retryLimitOf: (error) => {
    if (!(error instanceof ApiError)) return 0;
    if (error.status === 503) return RETRY_LIMIT_ON_503;
    return (RETRIED_STATUSES as readonly number[]).includes(error.status) ? RETRY_LIMIT_OTHER : 0;
  },
  requestedWaitMsOf: (error) => (error instanceof ApiError ? error.retryAfterMs : null),
};

let lastGood: AnalyticsConfig | null = null;

function storedConfig(): AnalyticsConfig | null {
  try {
    const stored = window.localStorage.getItem(ANALYTICS_CONFIG_KEY);
    return stored ? readAnalyticsConfig(JSON.parse(stored)) : null;
  } catch {
    return null;
  }
}

function remember(config: AnalyticsConfig): void {
  lastGood = config;
  if (currentConsent() !== "granted") return;
  try {
    window.localStorage.setItem(ANALYTICS_CONFIG_KEY, JSON.stringify(config));
  } catch {
    // Kept in memory only.
  }
}

/**
 * Fetches the configuration with the key from the root loader, retrying as CONFIG_FETCH_POLICY
 * says; when it gives up, the last good configuration (this page's, else the one stored while
 * consent was granted), else the default.
 */
export async function loadAnalyticsConfig(
  key: string,
  fetchConfig: typeof getAnalyticsConfig = getAnalyticsConfig,
): Promise<AnalyticsConfig> {
  try {
    const config = await retryWithBackoff(
      (signal) => fetchConfig(key, signal),
      CONFIG_FETCH_POLICY,
    );
    remember(config);
    return config;
  } catch {
    return lastGood ?? storedConfig() ?? DEFAULT_ANALYTICS_CONFIG;
  }
}
