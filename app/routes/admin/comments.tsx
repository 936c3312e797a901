import { redirect, useSearchParams } from "react-router";
import { AdminCheck } from "~/features/admin/admin-shell";
import { ModerationPage } from "~/features/admin/moderation/moderation-page";
import { getModerationQueue } from "~/lib/api/client";
import { ApiError } from "~/lib/api/request";
import { moderationQuery } from "~/lib/comments";
import { pageTitle } from "~/lib/seo";
import { requireAdmin } from "./admin-guard.server";
import type { Route } from "./+types/comments";

export function meta() {
  return [{ title: pageTitle("Admin: Comments") }];
}

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  return null;
}

/** The queue is read through the admin API, which checks the role again on every read. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = moderationQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  try {
    return { queue: await getModerationQueue(query), filter: query.filter };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      throw redirect("/");
    }
    throw error;
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminCheck />;
}

export default function AdminComments({ loaderData }: Route.ComponentProps) {
  // Another filter or page starts from its own answer (and no action in progress).
  const [searchParams] = useSearchParams();
  return (
    <ModerationPage
      key={searchParams.toString()}
      queue={loaderData.queue}
      filter={loaderData.filter}
    />
  );
}
