import { isbot } from "isbot";
import { categoryOf, isAlwaysTracked, type AnalyticsEvent, type EventBatch } from "~/lib/analytics";
import type { Database } from "../../db/client.server";
import { analyticsEvents } from "../../db/schema";
import { addressKeyOf } from "../../rate-limit/client-key.server";
import {
  consumeRateLimit,
  type RateDecision,
  type RateRule,
} from "../../rate-limit/consume-rate-limit.server";
import { errorReportOf, scrubSecrets, type ErrorReport } from "./error-reports.server";
import { keptPathOf, referrerHostOf } from "./event-fields.server";
import { groupError } from "./group-error.server";
import { clientTokenOf, visitorIdOf } from "./visitor-ids.server";

/**
 * Error reports stored per client (its address key, hashed with the day's salt) an hour; the rest
 * are dropped silently.
 */
export const ERROR_REPORTS_PER_CLIENT: RateRule = { window: 3600, max: 20 };

/** Who sent a batch, as the server knows it: never read from the batch itself. */
export interface EventClient {
  /** The client's address (req.ip): only its rate-limit key goes into a hash; never stored. */
  address: string;
  userAgent: string | null;
  /** The request carried `Sec-GPC: 1`: the browser asks not to be tracked. */
  hasGpc: boolean;
  /** The signed-in person, from the session; null when signed out. */
  user: { id: string; emailVerified: boolean } | null;
}

export interface RecordEventsDeps {
  db: Database;
  /** APP_URL's hostname: a referrer on it is our own page. */
  appHostname: string;
  /** The salt of the UTC day of `now` (visitor-ids.server.ts). */
  saltOf: (now: Date) => Promise<string>;
}

type EventRow = typeof analyticsEvents.$inferInsert;

/**
 * POST /api/events after validation (docs/analytics.md). Bots store nothing. With consent and no
 * GPC every event is stored with the day's visitor id and the person's user properties; otherwise
 * only always-tracked events, anonymously. Error events are scrubbed and grouped, at most
 * ERROR_REPORTS_PER_CLIENT of them. Everything of one batch is stored in one transaction.
 */
export async function recordEvents(
  { db, appHostname, saltOf }: RecordEventsDeps,
  batch: EventBatch,
  client: EventClient,
  now: Date = new Date(),
): Promise<{ stored: number }> {
  if (!client.userAgent || isbot(client.userAgent)) return { stored: 0 };
  const isConsented = batch.consent === "granted" && !client.hasGpc;
  const events = isConsented
    ? batch.events
    : batch.events.filter((event) => isAlwaysTracked(event.name));
  if (events.length === 0) return { stored: 0 };

  const clientKey = addressKeyOf(client.address);
  const salt = await saltOf(now);
  const visitor = isConsented
    ? {
        visitorId: visitorIdOf(salt, clientKey, client.userAgent),
        userId: client.user?.id ?? null,
        isVerified: client.user ? client.user.emailVerified : null,
      }
    : { visitorId: null, userId: null, isVerified: null };

  const rows: EventRow[] = [];
  const reports: { report: ErrorReport; path: string }[] = [];
  for (const event of events) {
    const { path, utmSource, utmMedium, utmCampaign } = keptPathOf(event.path);
    const row: EventRow = {
      ...fieldsOf(event, appHostname),
      name: event.name,
      category: categoryOf(event),
      occurredAt: now,
      consented: isConsented,
      ...visitor,
      path,
      utmSource,
      utmMedium,
      utmCampaign,
    };
    if ("error" in event) {
      const allowance = await consumeRateLimit(
        db,
        `analytics-errors:${clientTokenOf(salt, clientKey)}`,
        ERROR_REPORTS_PER_CLIENT,
        now.getTime(),
      );
      if (!allowance.allowed) continue;
      const report = errorReportOf("browser", event.name, event.error.message, event.error.stack);
      reports.push({ report, path });
      row.errorGroup = report.fingerprint;
    }
    rows.push(row);
  }
  if (rows.length === 0) return { stored: 0 };
  await db.transaction(async (tx) => {
    for (const { report, path } of reports) await groupError(tx, report, path, now);
    await tx.insert(analyticsEvents).values(rows);
  });
  return { stored: rows.length };
}

/** The columns only some events have. */
function fieldsOf(event: AnalyticsEvent, appHostname: string): Partial<EventRow> {
  switch (event.name) {
    case "page_view":
      return { referrerHost: referrerHostOf(event.referrer, appHostname) };
    case "detailed_page_view":
      return {
        search: event.search ? scrubSecrets(event.search) : null,
        resultCount: event.resultCount ?? null,
      };
    case "tool_view":
    case "tool_like":
      return { toolId: event.toolId };
    default:
      return {};
  }
}

/** One step of a rate limit of analytics requests from `address`, counted under its daily token. */
export async function limitEventClient(
  { db, saltOf }: Pick<RecordEventsDeps, "db" | "saltOf">,
  address: string,
  name: string,
  rule: RateRule,
  now: Date = new Date(),
): Promise<RateDecision> {
  const token = clientTokenOf(await saltOf(now), addressKeyOf(address));
  return consumeRateLimit(db, `${name}:${token}`, rule, now.getTime());
}
