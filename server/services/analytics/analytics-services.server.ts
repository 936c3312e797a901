import { createHmac } from "node:crypto";
import type { Database } from "../../db/client.server";
import type { Logger } from "../../logger.server";

/** What the browser's analytics needs from the page: the configuration key and GA4's id. */
export interface AnalyticsClientSettings {
  /** Sent as the X-Analytics-Key header of GET /api/events/config (spec 7). Not a secret. */
  key: string;
  /** GA_MEASUREMENT_ID: Google Analytics 4, loaded only after consent. */
  gaMeasurementId: string | null;
}

/** The configuration fetch's key: the same on every server that shares AUTH_SECRET. */
function analyticsKeyOf(secret: string): string {
  return createHmac("sha256", secret)
    .update("analytics-config-key")
    .digest("base64url")
    .slice(0, 24);
}

/** Issue 19: first-party analytics and error reports, and the admin dashboard's figures. */
export function createAnalyticsServices({
  secret,
  gaMeasurementId,
}: {
  db: Database;
  secret: string;
  gaMeasurementId: string | undefined;
  logger: Logger;
}) {
  const settings: AnalyticsClientSettings = {
    key: analyticsKeyOf(secret),
    gaMeasurementId: gaMeasurementId ?? null,
  };
  return {
    getAnalyticsClientSettings: () => settings,
  };
}
