import { redirect } from "react-router";
import { AdminCheck, AdminShell } from "~/features/admin/admin-shell";
import type { Route } from "./+types/layout";

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

/** spec 4 Admin guard, on the server: anyone without the admin role goes to /. */
export async function loader({ context }: Route.LoaderArgs) {
  const signedIn = await context.signedIn();
  if (!signedIn?.viewer.isAdmin) throw redirect("/");
  return { email: signedIn.viewer.email };
}

/** spec 4: the check is made again from the browser (the role may have changed), with a spinner. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return serverLoader();
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminCheck />;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return <AdminShell email={loaderData.email} />;
}
