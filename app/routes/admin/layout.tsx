import { redirect } from "react-router";
import { requireAdmin } from "./admin-guard.server";
import { AdminCheck, AdminShell } from "~/features/admin/admin-shell";
import type { Route } from "./+types/layout";

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

/** spec 4 Admin guard, on the server: anyone without the admin role goes to /. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(context);
  return { email: viewer.email };
}

/**
 * spec 4: the browser checks again (the role may have changed since the page was sent), with a
 * spinner meanwhile.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const check = await fetch("/api/admin/me", { headers: { accept: "application/json" } });
  if (!check.ok) throw redirect("/");
  return serverLoader();
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminCheck />;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return <AdminShell email={loaderData.email} />;
}
