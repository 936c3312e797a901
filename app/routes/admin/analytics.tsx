import { AnalyticsDashboard } from "~/features/admin/analytics/analytics-dashboard";
import { utcDayOf } from "~/lib/utc-days";
import { readRange } from "~/features/admin/analytics/read-range";
import { pageTitle } from "~/lib/seo";
import { requireAdmin } from "./admin-guard.server";
import type { Route } from "./+types/analytics";

export function meta() {
  return [{ title: pageTitle("Admin: Analytics") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const today = utcDayOf(new Date());
  const reading = readRange(new URL(request.url).searchParams, today);
  // A malformed range is the admin's to correct: the form says what is wrong, nothing is fetched.
  if (!reading.ok) return { today, input: reading.input, problems: reading.problems, report: null };
  const report = await context.services.getAnalyticsReport(reading.range);
  return { today, input: reading.input, problems: null, report };
}

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  return <AnalyticsDashboard {...loaderData} />;
}
