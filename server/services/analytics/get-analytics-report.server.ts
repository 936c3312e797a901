import { sql, type SQL } from "drizzle-orm";
import type { AnalyticsRange } from "~/lib/analytics";
import { previousRangeOf } from "~/lib/utc-days";
import { addDays } from "~/lib/utc-days";
import type {
  AnalyticsDay,
  AnalyticsReport,
  AnalyticsTotals,
  ErrorGroupRow,
} from "~/lib/api/contract";
import type { Database } from "#server/db/client.server";
import { queryRows } from "#server/db/query-rows.server";
import { countNewsletterSubscribers } from "../newsletter/count-newsletter-subscribers.server";
import { toLinkedTool } from "#server/snapshot/tool-shapes.server";
import type { DroppedCounts } from "./record-dropped-events.server";

const TOP = 10;
/**
 * Free text (searches, referrers, campaigns) is listed only once this many distinct clients sent
 * it: one client cannot write on the dashboard by repeating itself. A client is its daily token,
 * so rows stored before tokens existed fall back on the visitor id.
 */
const MIN_CLIENTS_FOR_TEXT = 3;
const clientOf = sql`coalesce(client_token, visitor_id)`;
const enoughClients = sql`count(distinct client) >= ${MIN_CLIENTS_FOR_TEXT}`;
const TOP_ERRORS = 20;
const ERROR_EVENTS = sql`('error', 'app_exception', 'app_crash')`;

/**
 * The admin dashboard's figures (GET /api/admin/analytics): each UTC day of the range and of the
 * same number of days before it, their totals, and the range's top lists. Each list is one
 * aggregate over analytics_events by time (analytics_events_time_idx) or by name and time
 * (analytics_events_name_time_idx).
 */
export async function getAnalyticsReport(
  db: Database,
  range: AnalyticsRange,
): Promise<AnalyticsReport> {
  const previousRange = previousRangeOf(range);
  const window = { start: startOf(previousRange.from), end: startOf(addDays(range.to, 1)) };
  const current = { start: startOf(range.from), end: window.end };
  const [daily, topTools, searches, sources, errors, newsletter, dropped] = await Promise.all([
    dailyCounts(db, window, range.from),
    topToolsOf(db, current),
    searchesOf(db, current),
    sourcesOf(db, current),
    errorsOf(db, current),
    countNewsletterSubscribers(db),
    droppedOf(db, range),
  ]);
  const days = daysOf(range, daily.days);
  const previousDays = daysOf(previousRange, daily.days);
  return {
    range,
    previousRange,
    days,
    previousDays,
    totals: totalsOf(days, daily.visitors.current),
    previousTotals: totalsOf(previousDays, daily.visitors.previous),
    topTools,
    topSearches: searches.top,
    emptySearches: searches.empty,
    referrers: sources.referrers,
    campaigns: sources.campaigns,
    errors,
    newsletter,
    dropped,
  };
}

interface Window {
  start: string;
  end: string;
}

function startOf(day: string): string {
  return `${day}T00:00:00.000Z`;
}

const inWindow = (column: SQL, { start, end }: Window) =>
  sql`${column} >= ${start}::timestamptz and ${column} < ${end}::timestamptz`;

type DayCounts = Omit<AnalyticsDay, "day">;

interface DailyCounts {
  days: Map<string, DayCounts>;
  /** Visitor ids are daily, so a range's visitors are counted over the range, not summed. */
  visitors: { current: number; previous: number };
}

/**
 * Every figure of every day that has one, and each range's distinct visitors, in one statement.
 * The events are read once, into one row per day and visitor (the anonymous events of a day in
 * one more), which every count then reads instead of the events. Days whose events retention
 * deleted are read from their roll-ups; visitor ids are daily, so a range's distinct visitors are
 * the raw days' distinct ids plus the rolled-up days' visitors.
 */
async function dailyCounts(
  db: Database,
  window: Window,
  currentStart: string,
): Promise<DailyCounts> {
  const rows = await queryRows<{
    day: string;
    visitors: number | null;
    page_views: number | null;
    tool_views: number | null;
    likes: number | null;
    sign_ups: number | null;
    confirmations: number | null;
    current_visitors: number | null;
    previous_visitors: number | null;
  }>(
    db,
    sql`
    with visits as (
      select (occurred_at at time zone 'UTC')::date as day, visitor_id,
        count(*) filter (where name = 'page_view') as page_views,
        count(*) filter (where name = 'tool_view') as tool_views
      from analytics_events
      where ${inWindow(sql`occurred_at`, window)}
      group by 1, 2
    ), rolled_up as (
      select day, visitors, page_views, tool_views
      from analytics_daily_rollups
      where day >= ${window.start}::date and day < ${window.end}::date
    ), events as (
      select day, count(visitor_id)::int as visitors, sum(page_views)::int as page_views,
        sum(tool_views)::int as tool_views
      from visits group by day
      union all
      select day, visitors, page_views, tool_views from rolled_up
    ), range_visitors as (
      select
        ((count(distinct visitor_id) filter (where day >= ${currentStart}::date))
          + (select coalesce(sum(visitors), 0) from rolled_up where day >= ${currentStart}::date)
        )::int as current,
        ((count(distinct visitor_id) filter (where day < ${currentStart}::date))
          + (select coalesce(sum(visitors), 0) from rolled_up where day < ${currentStart}::date)
        )::int as previous
      from visits where visitor_id is not null
    ), likes as (
      select (created_at at time zone 'UTC')::date as day, count(*)::int as likes
      from tool_likes where is_active and ${inWindow(sql`created_at`, window)}
      group by 1
    ), sign_ups as (
      select (created_at at time zone 'UTC')::date as day, count(*)::int as sign_ups
      from auth_users where ${inWindow(sql`created_at`, window)}
      group by 1
    ), confirmations as (
      select (confirmed_at at time zone 'UTC')::date as day, count(*)::int as confirmations
      from newsletter_subscribers where ${inWindow(sql`confirmed_at`, window)}
      group by 1
    ), days as (
      select to_char(day, 'YYYY-MM-DD') as day, events.visitors, events.page_views,
        events.tool_views, likes.likes, sign_ups.sign_ups, confirmations.confirmations
      from events
        full join likes using (day)
        full join sign_ups using (day)
        full join confirmations using (day)
    )
    select days.*, range_visitors.current as current_visitors,
      range_visitors.previous as previous_visitors
    from range_visitors left join days on true`,
  );
  const days = new Map<string, DayCounts>();
  for (const row of rows) {
    if (row.day === null) continue;
    days.set(row.day, {
      visitors: row.visitors ?? 0,
      pageViews: row.page_views ?? 0,
      toolViews: row.tool_views ?? 0,
      likes: row.likes ?? 0,
      signUps: row.sign_ups ?? 0,
      newsletterConfirmations: row.confirmations ?? 0,
    });
  }
  return {
    days,
    visitors: {
      current: rows[0]?.current_visitors ?? 0,
      previous: rows[0]?.previous_visitors ?? 0,
    },
  };
}

function daysOf(range: AnalyticsRange, counts: Map<string, DayCounts>): AnalyticsDay[] {
  const days: AnalyticsDay[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    days.push({
      day,
      ...(counts.get(day) ?? {
        visitors: 0,
        pageViews: 0,
        toolViews: 0,
        likes: 0,
        signUps: 0,
        newsletterConfirmations: 0,
      }),
    });
  }
  return days;
}

function totalsOf(days: AnalyticsDay[], visitors: number): AnalyticsTotals {
  const sum = (pick: (day: AnalyticsDay) => number) =>
    days.reduce((total, day) => total + pick(day), 0);
  return {
    visitors,
    pageViews: sum((day) => day.pageViews),
    toolViews: sum((day) => day.toolViews),
    likes: sum((day) => day.likes),
    signUps: sum((day) => day.signUps),
    newsletterConfirmations: sum((day) => day.newsletterConfirmations),
  };
}

async function topToolsOf(db: Database, range: Window): Promise<AnalyticsReport["topTools"]> {
  const rows = await queryRows<{
    tool_id: string;
    views: number;
    name: string | null;
    slug: string | null;
    category: string | null;
    sub_category: string | null;
  }>(
    db,
    sql`
    with top as (
      select tool_id, count(*)::int as views
      from analytics_events
      where name = 'tool_view' and ${inWindow(sql`occurred_at`, range)} and tool_id is not null
      group by tool_id
      order by views desc, tool_id
      limit ${TOP}
    )
    select top.tool_id, top.views, tools.name, tools.slug, tools.category, tools.sub_category
    from top left join tools on tools.id = top.tool_id
    order by top.views desc, top.tool_id`,
  );
  return rows.map((row) => {
    const linked =
      row.name !== null && row.slug !== null
        ? toLinkedTool({
            id: row.tool_id,
            name: row.name,
            slug: row.slug,
            category: row.category,
            subCategory: row.sub_category,
          })
        : null;
    return {
      toolId: row.tool_id,
      name: linked?.name ?? null,
      path: linked?.path ?? null,
      views: row.views,
    };
  });
}

/** The browse page's searches as people typed them, lower-cased and trimmed. */
async function searchesOf(
  db: Database,
  range: Window,
): Promise<{ top: AnalyticsReport["topSearches"]; empty: AnalyticsReport["emptySearches"] }> {
  const rows = await queryRows<{
    kind: "top" | "empty";
    search: string;
    count: number;
    average_results: number | string | null;
  }>(
    db,
    sql`
    with searched as (
      select lower(trim(search)) as search, result_count, ${clientOf} as client
      from analytics_events
      where name = 'detailed_page_view' and ${inWindow(sql`occurred_at`, range)}
        and search is not null and trim(search) <> ''
    ), shown as (
      select search from searched group by search having ${enoughClients}
    ), top as (
      select 'top' as kind, search, count(*)::int as count, avg(result_count)::float8 as average_results
      from searched where search in (select search from shown)
      group by search order by count desc, search limit ${TOP}
    ), empty as (
      select 'empty' as kind, search, count(*)::int as count, null::float8 as average_results
      from searched where result_count = 0 and search in (select search from shown)
      group by search order by count desc, search limit ${TOP}
    )
    select * from top union all select * from empty`,
  );
  const ordered = (kind: "top" | "empty") =>
    rows
      .filter((row) => row.kind === kind)
      .sort((a, b) => b.count - a.count || (a.search < b.search ? -1 : 1));
  return {
    top: ordered("top").map((row) => ({
      search: row.search,
      count: row.count,
      averageResults: Math.round(Number(row.average_results ?? 0) * 10) / 10,
    })),
    empty: ordered("empty").map((row) => ({ search: row.search, count: row.count })),
  };
}

/** Where page views came from: outside referrers' hosts and utm_* campaigns. */
async function sourcesOf(
  db: Database,
  range: Window,
): Promise<{ referrers: AnalyticsReport["referrers"]; campaigns: AnalyticsReport["campaigns"] }> {
  const rows = await queryRows<{
    kind: "referrer" | "campaign";
    host: string | null;
    source: string | null;
    medium: string | null;
    campaign: string | null;
    count: number;
  }>(
    db,
    sql`
    with viewed as (
      select referrer_host, utm_source, utm_medium, utm_campaign, ${clientOf} as client
      from analytics_events
      where name = 'page_view' and ${inWindow(sql`occurred_at`, range)}
        and (referrer_host is not null or utm_source is not null)
    ), referrers as (
      select 'referrer' as kind, referrer_host as host, null::text as source, null::text as medium,
        null::text as campaign, count(*)::int as count
      from viewed where referrer_host is not null
      group by referrer_host having ${enoughClients}
      order by count desc, referrer_host limit ${TOP}
    ), campaigns as (
      select 'campaign' as kind, null::text as host, utm_source as source, utm_medium as medium,
        utm_campaign as campaign, count(*)::int as count
      from viewed where utm_source is not null
      group by utm_source, utm_medium, utm_campaign having ${enoughClients}
      order by count desc, utm_source, utm_medium, utm_campaign limit ${TOP}
    )
    select * from referrers union all select * from campaigns`,
  );
  const byCount = <T extends { count: number }>(items: T[]) =>
    items.sort((a, b) => b.count - a.count);
  return {
    referrers: byCount(
      rows
        .filter((row) => row.kind === "referrer")
        .map((row) => ({ host: row.host!, count: row.count })),
    ),
    campaigns: byCount(
      rows
        .filter((row) => row.kind === "campaign")
        .map((row) => ({
          source: row.source!,
          medium: row.medium,
          campaign: row.campaign,
          count: row.count,
        })),
    ),
  };
}

/** The events dropped on the range's days (analytics_dropped_events), by reason. */
async function droppedOf(db: Database, range: AnalyticsRange): Promise<AnalyticsReport["dropped"]> {
  const rows = await queryRows<{ reason: keyof DroppedCounts; count: number }>(
    db,
    sql`
    select reason, sum(count)::int as count
    from analytics_dropped_events
    where day >= ${range.from}::date and day <= ${range.to}::date
    group by reason`,
  );
  const count = (reason: keyof DroppedCounts) =>
    rows.find((row) => row.reason === reason)?.count ?? 0;
  const overLimit = count("over_limit");
  const unknownTool = count("unknown_tool");
  const repeatView = count("repeat_view");
  return { total: overLimit + unknownTool + repeatView, overLimit, unknownTool, repeatView };
}

async function errorsOf(db: Database, range: Window): Promise<ErrorGroupRow[]> {
  const rows = await queryRows<{
    fingerprint: string;
    name: ErrorGroupRow["name"];
    source: ErrorGroupRow["source"];
    message: string;
    top_frame: string | null;
    count: number;
    total_count: number;
    last_path: string | null;
    first_seen_ms: number;
    last_seen_ms: number;
  }>(
    db,
    sql`
    with occurred as (
      select error_group, count(*)::int as count
      from analytics_events
      where name in ${ERROR_EVENTS} and ${inWindow(sql`occurred_at`, range)}
        and error_group is not null
      group by error_group
      order by count desc, error_group
      limit ${TOP_ERRORS}
    )
    select g.fingerprint, g.name, g.source, g.message, g.top_frame, occurred.count,
      g.count as total_count, g.last_path,
      (extract(epoch from g.first_seen_at) * 1000)::float8 as first_seen_ms,
      (extract(epoch from g.last_seen_at) * 1000)::float8 as last_seen_ms
    from occurred join error_groups g on g.fingerprint = occurred.error_group
    order by occurred.count desc, g.last_seen_at desc`,
  );
  return rows.map((row) => ({
    fingerprint: row.fingerprint,
    name: row.name,
    source: row.source,
    message: row.message,
    topFrame: row.top_frame,
    count: row.count,
    totalCount: row.total_count,
    lastPath: row.last_path,
    firstSeenAt: new Date(Number(row.first_seen_ms)).toISOString(),
    lastSeenAt: new Date(Number(row.last_seen_ms)).toISOString(),
  }));
}
