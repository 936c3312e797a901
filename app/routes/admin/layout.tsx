import { redirect } from "react-router";
import { getAdminMe } from "~/client/api/admin-client";
import { ApiError } from "~/client/api/request";
import { requireAdmin } from "./admin-guard.server";
import { AdminCheck, AdminShell } from "~/features/admin/admin-shell";
import type { Route } from "./+types/layout";

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

/** Admin guard, on the server: anyone without the admin role goes to /. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(context);
  return { email: viewer.email };
}

/**
 * The browser checks again (the role may have changed since the page was sent), with a
 * spinner meanwhile.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    await getAdminMe();
  } catch (error) {
    // Refused (signed out, no longer an admin): leave. No answer at all is an error to show.
    if (error instanceof ApiError && error.status !== 0) throw redirect("/");
    throw error;
  }
  return serverLoader();
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminCheck />;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return <AdminShell email={loaderData.email} />;
}
