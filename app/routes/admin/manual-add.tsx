import { AdminNotYet } from "~/features/admin/admin-shell";
import { pageTitle } from "~/lib/seo";
import { requireAdmin } from "./admin-guard.server";
import type { Route } from "./+types/manual-add";

export function meta() {
  return [{ title: pageTitle("Admin: Add a tool manually") }];
}

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  return null;
}

export default function AdminManualAdd() {
  return (
    <AdminNotYet title="Add a tool manually">
      <p>The form for adding a tool by hand, with images, is being built next.</p>
    </AdminNotYet>
  );
}
