import { useSearchParams } from "react-router";
import { AdminToolListPage } from "~/features/admin/admin-tool-list";
import { adminToolsQuerySchema } from "~/lib/admin-tools-query";
import { pageTitle } from "~/lib/seo";
import { requireAdmin } from "./admin-guard.server";
import type { Route } from "./+types/tools";

export function meta() {
  return [{ title: pageTitle("Admin: tools") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  // A bad filter value falls back to its default rather than failing the page.
  const parsed = adminToolsQuerySchema.safeParse(params);
  const query = parsed.success ? parsed.data : adminToolsQuerySchema.parse({});
  const list = await context.services.listAdminTools(query);
  // Past the last page (its tools were just deleted, say): show the last page instead.
  if (list.tools.length === 0 && query.page > list.pages) {
    return { list: await context.services.listAdminTools({ ...query, page: list.pages }) };
  }
  return { list };
}

export default function AdminTools({ loaderData }: Route.ComponentProps) {
  // Another page or filter starts with nothing chosen.
  const [searchParams] = useSearchParams();
  return <AdminToolListPage key={searchParams.toString()} list={loaderData.list} />;
}
