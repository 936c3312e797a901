import { sql } from "drizzle-orm";
import { openPglite, openPostgres, type DatabaseHandle } from "../server/db/client.server";
import { getAnalyticsReport } from "../server/services/analytics/get-analytics-report.server";
import { createScratchDatabase } from "../tests/scratch-database";
import { formatCount, percentile, printTable } from "./app-server";

// `npm run bench:analytics-report [-- --events 100000 --days 30 --runs 7]`: the admin
// dashboard's report (GET /api/admin/analytics) over a range holding `events` analytics events,
// and half as many in the previous range: page views with referrers and campaigns, tool views of
// 500 tools, searches, error reports of 50 groups; five events a visitor. Prints the median and slowest of `runs` reports
// on PGlite in memory, then on a new database of TEST_DATABASE_URL's PostgreSQL server when set.

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const EVENTS = option("events", 100_000);
const DAYS = option("days", 30);
const RUNS = option("runs", 7);
const TO = "2026-06-30";
const FROM = new Date(Date.parse(`${TO}T00:00:00Z`) - (DAYS - 1) * 86_400_000)
  .toISOString()
  .slice(0, 10);

async function fill(database: DatabaseHandle, count: number, endDay: string) {
  // One statement: events spread evenly over the days ending at endDay.
  await database.db.execute(sql`
    insert into error_groups (fingerprint, name, source, message, count)
    select 'bench-' || g, 'app_exception', 'browser', 'message ' || g, 0
    from generate_series(0, 49) g
    on conflict do nothing`);
  await database.db.execute(sql`
    insert into analytics_events (name, category, occurred_at, consented, visitor_id, path,
      referrer_host, utm_source, utm_medium, utm_campaign, tool_id, search, result_count, error_group)
    select kind.name, kind.category,
      ${`${endDay}T23:59:59Z`}::timestamptz - make_interval(secs => i * ${(DAYS * 86_400) / count}::float8),
      kind.name <> 'app_exception', case when kind.name <> 'app_exception' then 'visitor-' || (i / 5) end, '/',
      case when kind.name = 'page_view' and i % 3 = 0 then 'site-' || (i % 40) || '.example' end,
      case when kind.name = 'page_view' and i % 7 = 0 then 'source-' || (i % 5) end,
      case when kind.name = 'page_view' and i % 7 = 0 then 'email' end,
      case when kind.name = 'page_view' and i % 7 = 0 then 'campaign-' || (i % 12) end,
      case when kind.name = 'tool_view' then 'tool-' || (i % 500) end,
      case when kind.name = 'detailed_page_view' then 'search ' || (i % 300) end,
      case when kind.name = 'detailed_page_view' then i % 9 end,
      case when kind.name = 'app_exception' then 'bench-' || (i % 50) end
    from generate_series(1, ${count}::int) i,
      lateral (select case
        when i % 20 < 11 then 'page_view'
        when i % 20 < 16 then 'tool_view'
        when i % 20 < 18 then 'detailed_page_view'
        else 'app_exception' end as name) picked,
      lateral (select picked.name, case picked.name
        when 'page_view' then 'navigation'
        when 'tool_view' then 'content'
        when 'detailed_page_view' then 'search'
        else 'error' end as category) kind`);
}

async function run(name: string, database: DatabaseHandle): Promise<string[]> {
  await fill(database, EVENTS, TO);
  const previousEnd = new Date(Date.parse(`${FROM}T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10);
  await fill(database, Math.round(EVENTS / 2), previousEnd);
  await database.db.execute(sql`analyze`);
  const times: number[] = [];
  let totals = { pageViews: 0, visitors: 0 };
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const report = await getAnalyticsReport(database.db, { from: FROM, to: TO });
    times.push(performance.now() - started);
    totals = report.totals;
  }
  return [
    name,
    formatCount(EVENTS),
    String(DAYS),
    formatCount(totals.pageViews),
    `${percentile(times, 50).toFixed(0)} ms`,
    `${Math.max(...times).toFixed(0)} ms`,
  ];
}

const rows: string[][] = [];
const pglite = await openPglite(null);
try {
  await pglite.migrate();
  rows.push(await run("PGlite", pglite));
} finally {
  await pglite.close();
}
if (process.env.TEST_DATABASE_URL) {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL, "bench_analytics");
  const postgres = await openPostgres(scratch.url);
  try {
    await postgres.migrate();
    rows.push(await run("PostgreSQL", postgres));
  } finally {
    await postgres.close();
    await scratch.drop();
  }
}
printTable(["database", "events in range", "days", "page views", "median", "slowest"], rows);
