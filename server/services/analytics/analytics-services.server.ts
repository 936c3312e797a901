import { createHmac } from "node:crypto";
import {
  DEFAULT_ANALYTICS_CONFIG,
  type AnalyticsConfig,
  type AnalyticsRange,
  type EventBatch,
} from "~/lib/analytics";
import type { Database } from "#server/db/client.server";
import type { Logger } from "#server/core/logger.server";
import { OncePerWindow, PerMinuteBudget, VIEW_REPEAT_WINDOW_MS } from "../count-once.server";
import { getAnalyticsReport } from "./get-analytics-report.server";
import { createServerErrorRecorder } from "./record-server-error.server";
import { limitEventClient, recordEvents, type EventClient } from "./record-events.server";
import type { RateRule } from "#server/rate-limit/consume-rate-limit.server";
import { createSaltKeeper } from "./visitor-ids.server";

export type { EventClient } from "./record-events.server";

/** What the browser's analytics needs from the page: the configuration key and GA4's id. */
interface AnalyticsClientSettings {
  /** Sent as the X-Analytics-Key header of GET /api/events/config. Not a secret. */
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

/**
 * Events one client (its address, an IPv6 one by its /64) may store a minute: a visitor sends a
 * handful per page, and one address may be an office behind a NAT.
 */
export const EVENTS_PER_CLIENT_MINUTE = 600;
/** Clients with a budget in one minute; a client beyond them has its events dropped (counted). */
const MAX_BUDGETED_CLIENTS = 50_000;
/** Client-and-tool pairs whose tool_view is remembered for the view window: about 15 MB. */
const MAX_REMEMBERED_TOOL_VIEWS = 100_000;

/** First-party analytics and error reports, and the admin dashboard's figures. */
export function createAnalyticsServices({
  db,
  secret,
  gaMeasurementId,
  appUrl,
  isKnownTool,
  logger,
  clock = () => new Date(),
}: {
  db: Database;
  secret: string;
  gaMeasurementId: string | undefined;
  /** APP_URL: a referrer on its host is one of our own pages. */
  appUrl: string;
  /** Whether an online tool has this id (the catalogue snapshot). */
  isKnownTool: (toolId: string) => boolean;
  logger: Logger;
  /** The time of an incoming batch: a test fixes it so a burst cannot straddle two minutes. */
  clock?: () => Date;
}) {
  const settings: AnalyticsClientSettings = {
    key: analyticsKeyOf(secret),
    gaMeasurementId: gaMeasurementId ?? null,
  };
  const recordDeps = {
    db,
    appHostname: new URL(appUrl).hostname,
    saltOf: createSaltKeeper(db),
    isKnownTool,
    budget: new PerMinuteBudget(EVENTS_PER_CLIENT_MINUTE, MAX_BUDGETED_CLIENTS),
    seenToolViews: new OncePerWindow(VIEW_REPEAT_WINDOW_MS, MAX_REMEMBERED_TOOL_VIEWS),
  };
  return {
    getAnalyticsClientSettings: () => settings,
    recordEvents: (batch: EventBatch, client: EventClient) =>
      recordEvents(recordDeps, batch, client, clock()),
    /** A step of the rate limit `name` of analytics requests, with no address in its key. */
    limitEventClient: (address: string, name: string, rule: RateRule) =>
      limitEventClient(recordDeps, address, name, rule, clock()),
    recordServerError: createServerErrorRecorder({ db, logger }),
    /**
     * The events the browser sends and the share of consented ones it keeps: one place in code,
     * DEFAULT_ANALYTICS_CONFIG (app/lib/analytics.ts; docs/analytics.md).
     */
    getAnalyticsConfig: (): AnalyticsConfig => DEFAULT_ANALYTICS_CONFIG,
    getAnalyticsReport: (range: AnalyticsRange) => getAnalyticsReport(db, range),
  };
}
