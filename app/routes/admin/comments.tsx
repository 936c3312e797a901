import { useSearchParams } from "react-router";
import { ModerationPage } from "~/features/admin/moderation/moderation-page";
import { moderationQuery } from "~/lib/comments";
import { pageTitle } from "~/lib/seo";
import { requireAdmin } from "./admin-guard.server";
import type { Route } from "./+types/comments";

export function meta() {
  return [{ title: pageTitle("Admin: Comments") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  // A bad filter or page falls back to its default rather than failing the page.
  const query = moderationQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { queue: await context.services.listModerationQueue(query), filter: query.filter };
}

export default function AdminComments({ loaderData }: Route.ComponentProps) {
  // Another filter or page starts from its own answer, with no action in progress.
  const [searchParams] = useSearchParams();
  return (
    <ModerationPage
      key={searchParams.toString()}
      queue={loaderData.queue}
      filter={loaderData.filter}
    />
  );
}
