import { isbot } from "isbot";
import { categoryOf, isAlwaysTracked, type AnalyticsEvent, type EventBatch } from "~/lib/analytics";
import type { Database } from "#server/db/client.server";
import { analyticsEvents } from "#server/db/schema";
import type { OncePerWindow, PerMinuteBudget } from "../count-once.server";
import { addressKeyOf } from "#server/rate-limit/client-key.server";
import {
  consumeRateLimit,
  type RateDecision,
  type RateRule,
} from "#server/rate-limit/consume-rate-limit.server";
import { recordDroppedEvents, type DroppedCounts } from "./record-dropped-events.server";
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
  /** Whether an online tool has this id: events naming any other id are dropped. */
  isKnownTool: (toolId: string) => boolean;
  /** Events a client may store a minute, by its rate-limit key. */
  budget: PerMinuteBudget;
  /** Clients' tool_view events already stored in the view window, by client key and tool. */
  seenToolViews: OncePerWindow;
}

type EventRow = typeof analyticsEvents.$inferInsert;

/**
 * POST /api/events after validation (docs/analytics.md). Bots store nothing. With consent and no
 * GPC every event is stored with the day's visitor id and the person's user properties; otherwise
 * only always-tracked events, anonymously. Every event carries the client's daily token. Events
 * beyond the client's budget of the minute, naming no online tool, or repeating a tool_view of
 * the view window are dropped and counted per reason. Error events are scrubbed and grouped, at
 * most ERROR_REPORTS_PER_CLIENT of them. Everything of one batch is stored in one transaction.
 */
export async function recordEvents(
  { db, appHostname, saltOf, isKnownTool, budget, seenToolViews }: RecordEventsDeps,
  batch: EventBatch,
  client: EventClient,
  now: Date = new Date(),
): Promise<{ stored: number; dropped: DroppedCounts }> {
  const dropped: DroppedCounts = { over_limit: 0, unknown_tool: 0, repeat_view: 0 };
  if (!client.userAgent || isbot(client.userAgent)) return { stored: 0, dropped };
  const isConsented = batch.consent === "granted" && !client.hasGpc;
  const wanted = isConsented
    ? batch.events
    : batch.events.filter((event) => isAlwaysTracked(event.name));
  if (wanted.length === 0) return { stored: 0, dropped };

  // The client is its address (an IPv6 one by its /64), never the visitor id: that one hashes
  // the User-Agent too, which the sender chooses freely.
  const clientKey = addressKeyOf(client.address);
  const allowed = budget.take(clientKey, wanted.length, now.getTime());
  dropped.over_limit = wanted.length - allowed;
  const events = wanted.slice(0, allowed).filter((event) => {
    if (!("toolId" in event)) return true;
    if (!isKnownTool(event.toolId)) {
      dropped.unknown_tool++;
      return false;
    }
    if (event.name !== "tool_view") return true;
    if (seenToolViews.isFirst(`${clientKey}\n${event.toolId}`, now.getTime())) return true;
    dropped.repeat_view++;
    return false;
  });

  const salt = await saltOf(now);
  const clientToken = clientTokenOf(salt, clientKey);
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
      clientToken,
      path,
      utmSource,
      utmMedium,
      utmCampaign,
    };
    if ("error" in event) {
      const allowance = await consumeRateLimit(
        db,
        `analytics-errors:${clientToken}`,
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
  const droppedTotal = dropped.over_limit + dropped.unknown_tool + dropped.repeat_view;
  if (rows.length === 0 && droppedTotal === 0) return { stored: 0, dropped };
  await db.transaction(async (tx) => {
    for (const { report, path } of reports) await groupError(tx, report, path, now);
    if (rows.length > 0) await tx.insert(analyticsEvents).values(rows);
    await recordDroppedEvents(tx, dropped, now);
  });
  return { stored: rows.length, dropped };
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
